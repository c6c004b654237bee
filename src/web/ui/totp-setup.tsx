import { useTranslation } from 'react-i18next';
import { TextField } from './field';

/** The QR code of a new authenticator secret, with the secret itself for typing it in by hand. */
export function TotpSetup({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4">
      <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`} alt={t('twoFactor.setup.qrAlt')} width={200} height={200} className="rounded-lg border border-slate-300 bg-white" />
      <TextField
        label={t('twoFactor.setup.secretLabel')}
        hint={t('twoFactor.setup.secretHint')}
        readOnly
        value={secret.replace(/(.{4})(?=.)/g, '$1 ')}
        className="w-full"
        spellCheck={false}
        onFocus={(event) => event.target.select()}
      />
    </div>
  );
}

/** Ten recovery codes, shown once. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('twoFactor.recovery.listLabel')} className="grid grid-cols-2 gap-2 rounded-lg border border-slate-300 bg-slate-50 p-4 font-mono text-base text-slate-900">
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ul>
  );
}
