import { useEffect, useId, useMemo, useState } from 'react';
import { Check, Copy, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../ui/button';

/** The secret in groups of four, as authenticator apps show and accept it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Copies `text` to the clipboard; says so for a few seconds. Where the browser offers no
 * clipboard (an insecure origin), the button is not shown and the text stays selectable.
 */
function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  return (
    <>
      <Button
        variant="secondary"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        {label}
      </Button>
      <span role="status" className="sr-only">
        {copied ? done : ''}
      </span>
    </>
  );
}

/** The QR code of a new authenticator secret, with the secret itself for typing it in by hand (or copying). */
export function TotpSetup({ secret, qrSvg }: { secret: string; qrSvg: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col items-center gap-4">
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={t('twoFactor.setup.qrAlt')}
        width={200}
        height={200}
        className="rounded-lg border border-slate-300 bg-white"
      />
      <div className="flex w-full flex-col gap-2">
        <label htmlFor={`${id}-secret`} className="font-medium text-slate-900">
          {t('twoFactor.setup.secretLabel')}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {t('twoFactor.setup.secretHint')}
        </p>
        {/* The whole key, wrapped over two lines on a narrow screen; focus selects it for copying. */}
        <textarea
          id={`${id}-secret`}
          readOnly
          rows={2}
          value={grouped(secret)}
          aria-describedby={`${id}-hint`}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
          className={
            'w-full resize-none rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base ' +
            'tracking-wide break-all text-slate-900 focus:outline-2 focus:outline-offset-2 focus:outline-brand-700'
          }
        />
        <CopyButton text={secret} label={t('twoFactor.setup.copySecret')} done={t('twoFactor.setup.secretCopied')} />
      </div>
    </div>
  );
}

/** Ten recovery codes, shown once, to copy or keep as a text file. */
export function RecoveryCodeList({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  // A data: link with `download` saves the file; it is never navigated to, so no blob URL to revoke.
  const href = useMemo(() => {
    const text = `${t('twoFactor.recovery.fileHeading')}\n\n${codes.join('\n')}\n`;
    return `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  }, [codes, t]);
  return (
    <div className="flex flex-col gap-3">
      <ul
        aria-label={t('twoFactor.recovery.listLabel')}
        className={
          'grid grid-cols-2 gap-2 rounded-lg border border-slate-300 ' +
          'bg-slate-50 p-4 font-mono text-base text-slate-900'
        }
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          text={codes.join('\n')}
          label={t('twoFactor.recovery.copy')}
          done={t('twoFactor.recovery.copied')}
        />
        <a href={href} download={t('twoFactor.recovery.fileName')} className={buttonClasses.secondary}>
          <Download className="size-4" aria-hidden="true" />
          {t('twoFactor.recovery.download')}
        </a>
      </div>
    </div>
  );
}
