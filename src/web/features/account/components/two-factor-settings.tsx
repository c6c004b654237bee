import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetupResponse } from '../../../../contract/two-factor';
import { isApiError } from '../../../lib/api-client';
import { getErrorText } from '../../../lib/error-text';
import { useFormatDate } from '../../../lib/use-format-date';
import { Button } from '../../../ui/button';
import { FormError, TextField } from '../../../ui/field';
import { RecoveryCodeList, TotpSetup } from '../../../widgets/totp-setup';
import {
  useFinishReenrolment,
  useRegenerateRecoveryCodes,
  useStartReenrolment,
  useTwoFactorStatus,
} from '../two-factor-api';

type Step =
  | { kind: 'idle' }
  | { kind: 'codes'; codes: string[]; heading: string; intro: string }
  | { kind: 'scan'; setup: TwoFactorSetupResponse };

/** The first error text of a failed request: a field error, else the general message. */
function errorText(error: unknown, t: ReturnType<typeof useTranslation>['t']): string {
  if (isApiError(error) && error.kind === 'validation') {
    const first = Object.values(error.fieldErrors)[0]?.[0];
    if (first) return first;
  }
  return getErrorText(error, t);
}

/**
 * 'Mijn account' for staff: the second factor's status, new recovery codes and re-enrolment, each after a fresh code.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const status = useTwoFactorStatus();
  const regenerate = useRegenerateRecoveryCodes();
  const startReenrol = useStartReenrolment();
  const finishReenrol = useFinishReenrolment();
  const [code, setCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  if (!status.data)
    return (
      <p role={status.isError ? 'alert' : 'status'}>{status.isError ? t('admin.error') : t('twoFactor.loading')}</p>
    );

  const fresh = () => {
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('twoFactor.sixDigits'));
      return null;
    }
    return { code: digits };
  };

  const onRegenerate = async () => {
    const answer = fresh();
    if (!answer) return;
    try {
      const { recovery_codes } = await regenerate.mutateAsync(answer);
      setStep({
        kind: 'codes',
        codes: recovery_codes,
        heading: t('twoFactor.account.newCodesHeading'),
        intro: t('twoFactor.account.newCodesIntro'),
      });
      setError(null);
      setCode('');
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  const onReenrol = async () => {
    const answer = fresh();
    if (!answer) return;
    try {
      setStep({ kind: 'scan', setup: await startReenrol.mutateAsync(answer) });
      setError(null);
      setCode('');
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  const onConfirmNew = async (event: FormEvent) => {
    event.preventDefault();
    const digits = newCode.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError(t('twoFactor.sixDigits'));
      return;
    }
    try {
      const { recovery_codes } = await finishReenrol.mutateAsync(digits);
      setStep({
        kind: 'codes',
        codes: recovery_codes,
        heading: t('twoFactor.account.newCodesHeading'),
        intro: t('twoFactor.account.reenrolled'),
      });
      setError(null);
      setNewCode('');
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  const { enabled, enabled_at, recovery_codes_remaining } = status.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium text-slate-900">
        {enabled && enabled_at
          ? t('twoFactor.account.enabled', { date: formatDate(enabled_at) })
          : t('twoFactor.account.disabled')}
      </p>
      {enabled && (
        <p className="text-slate-800">{t('twoFactor.account.remaining', { count: recovery_codes_remaining })}</p>
      )}
      {step.kind === 'codes' && (
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold text-slate-900">{step.heading}</h3>
          <p className="text-slate-800">{step.intro}</p>
          <RecoveryCodeList codes={step.codes} />
          <Button variant="secondary" className="self-start" onClick={() => setStep({ kind: 'idle' })}>
            {t('twoFactor.account.done')}
          </Button>
        </div>
      )}
      {step.kind === 'scan' && (
        <form noValidate onSubmit={onConfirmNew} className="flex flex-col gap-4">
          <h3 className="text-lg font-semibold text-slate-900">{t('twoFactor.account.reenrolHeading')}</h3>
          <TotpSetup secret={step.setup.secret} qrSvg={step.setup.qr_svg} />
          <TextField
            label={t('twoFactor.account.reenrolCodeLabel')}
            value={newCode}
            onChange={(event) => setNewCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
          />
          <FormError message={error ?? undefined} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={finishReenrol.isPending}>
              {t('twoFactor.account.reenrolSubmit')}
            </Button>
            <Button variant="ghost" onClick={() => setStep({ kind: 'idle' })}>
              {t('twoFactor.account.cancel')}
            </Button>
          </div>
        </form>
      )}
      {enabled && step.kind === 'idle' && (
        <div className="flex flex-col gap-3">
          <TextField
            label={t('twoFactor.account.freshCodeLabel')}
            hint={t('twoFactor.account.freshCodeHint')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
          />
          <FormError message={error ?? undefined} />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" busy={regenerate.isPending} onClick={onRegenerate}>
              {t('twoFactor.account.regenerate')}
            </Button>
            <Button variant="secondary" busy={startReenrol.isPending} onClick={onReenrol}>
              {t('twoFactor.account.reenrol')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
