import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmCodeRequestSchema, type TwoFactorSetupResponse } from '../../../../contract/two-factor';
import { useSchemaForm } from '../../../lib/schema-form';
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

/** One code from the app, checked by the contract's schema (6 digits, spaces allowed). */
function useCodeForm() {
  return useSchemaForm(ConfirmCodeRequestSchema, { defaultValues: { code: '' } });
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
  const freshForm = useCodeForm();
  const newForm = useCodeForm();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  if (!status.data)
    return (
      <p role={status.isError ? 'alert' : 'status'}>{status.isError ? t('admin.error') : t('twoFactor.loading')}</p>
    );

  const onRegenerate = freshForm.handleSubmit(async (answer) => {
    try {
      const { recovery_codes } = await regenerate.mutateAsync(answer);
      setStep({
        kind: 'codes',
        codes: recovery_codes,
        heading: t('twoFactor.account.newCodesHeading'),
        intro: t('twoFactor.account.newCodesIntro'),
      });
      freshForm.reset();
    } catch (failure) {
      freshForm.serverErrors(failure);
    }
  });

  const onReenrol = freshForm.handleSubmit(async (answer) => {
    try {
      const setup = await startReenrol.mutateAsync(answer);
      newForm.reset();
      setStep({ kind: 'scan', setup });
      freshForm.reset();
    } catch (failure) {
      freshForm.serverErrors(failure);
    }
  });

  const onConfirmNew = newForm.handleSubmit(async ({ code }) => {
    try {
      const { recovery_codes } = await finishReenrol.mutateAsync(code);
      setStep({
        kind: 'codes',
        codes: recovery_codes,
        heading: t('twoFactor.account.newCodesHeading'),
        intro: t('twoFactor.account.reenrolled'),
      });
      newForm.reset();
    } catch (failure) {
      newForm.serverErrors(failure);
    }
  });

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
        <form noValidate onSubmit={(event) => void onConfirmNew(event)} className="flex flex-col gap-4">
          <h3 className="text-lg font-semibold text-slate-900">{t('twoFactor.account.reenrolHeading')}</h3>
          <TotpSetup secret={step.setup.secret} qrSvg={step.setup.qr_svg} />
          <TextField
            label={t('twoFactor.account.reenrolCodeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={newForm.fieldError('code')}
            {...newForm.register('code')}
          />
          <FormError message={newForm.formError} />
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
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={freshForm.fieldError('code')}
            {...freshForm.register('code')}
          />
          <FormError message={freshForm.formError} />
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" busy={regenerate.isPending} onClick={() => void onRegenerate()}>
              {t('twoFactor.account.regenerate')}
            </Button>
            <Button variant="secondary" busy={startReenrol.isPending} onClick={() => void onReenrol()}>
              {t('twoFactor.account.reenrol')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
