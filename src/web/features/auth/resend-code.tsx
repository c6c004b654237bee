import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESEND_COOLDOWN_SECONDS } from '../../../contract/auth';
import { Button } from '../../ui/button';
import { requestCode } from './api';
import { useCooldown } from './use-cooldown';

type ResendResult = { kind: 'sent' } | { kind: 'error'; message: string } | null;

/** 'Code opnieuw versturen' with a 60 s cooldown that counts down and starts again after each resend. */
export function ResendCode({ email, sentAt }: { email: string; sentAt: number | null }) {
  const { t } = useTranslation();
  const { remaining, isCoolingDown, restart } = useCooldown(RESEND_COOLDOWN_SECONDS, sentAt);
  const [result, setResult] = useState<ResendResult>(null);

  const onResend = async () => {
    setResult(null);
    if (!email) {
      setResult({ kind: 'error', message: t('auth.code.noEmail') });
      return;
    }
    try {
      await requestCode(email);
      setResult({ kind: 'sent' });
    } catch {
      setResult({ kind: 'error', message: t('errors.generic') });
    } finally {
      restart();
    }
  };

  return (
    <div className="flex flex-col items-start gap-2 border-t border-slate-200 pt-4">
      <Button variant="link" onClick={onResend} disabled={isCoolingDown}>
        {isCoolingDown ? t('auth.code.resendIn', { seconds: remaining }) : t('auth.code.resend')}
      </Button>
      <div role="status" aria-live="polite" className="text-sm">
        {result?.kind === 'sent' && <p className="text-green-800">{t('auth.code.resent')}</p>}
      </div>
      <div role="alert" className="text-sm">
        {result?.kind === 'error' && <p className="font-medium text-red-700">{result.message}</p>}
      </div>
    </div>
  );
}
