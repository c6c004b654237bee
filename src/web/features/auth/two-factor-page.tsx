import { useEffect, useId, useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  ConfirmCodeRequestSchema,
  RecoveryCodeSchema,
  type TwoFactorSetupResponse,
} from '../../../contract/two-factor';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { getLoginTarget } from '../../../contract/rules/route-access';
import { isApiError } from '../../lib/api-client';
import { session } from '../../lib/app-session';
import { getErrorText, translateValidation } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/schema-form';
import { getCurrentUser } from '../../lib/user';
import { Button } from '../../ui/button';
import { FieldError, FormError, TextField } from '../../ui/field';
import { RecoveryCodeList, TotpSetup } from '../../widgets/totp-setup';
import { enableTwoFactor, setupTwoFactor, verifyTwoFactor } from './api';
import { CodeInput } from './code-input';
import { readState, TwoFactorStepStateSchema } from './login-state';

type Failure = { field: 'code' | 'recovery_code' | null; message: string; expired: boolean };

/** The code from the app: the contract's 6 digits (the boxes' empty places are spaces, which it drops). */
const CodeFormSchema = ConfirmCodeRequestSchema;
type CodeForm = z.input<typeof CodeFormSchema>;
type CodeFormOutput = z.output<typeof CodeFormSchema>;
/** One recovery code, as the contract reads it (XXXXX-XXXXX, any case). */
const RecoveryFormSchema = z.object({ recovery_code: RecoveryCodeSchema }).strict();

function useCodeForm() {
  return useSchemaForm(CodeFormSchema, { defaultValues: { code: '' } });
}

/** Turns a failed request into the message to show, and whether the challenge is gone (back to /login). */
function describeFailure(
  error: unknown,
  t: ReturnType<typeof useTranslation>['t'],
  field: 'code' | 'recovery_code',
): Failure {
  if (isApiError(error) && error.kind === 'validation') {
    const challenge = error.fieldErrors.challenge?.[0];
    if (challenge) return { field: null, message: challenge, expired: true };
    const own = error.fieldErrors[field]?.[0];
    if (own) return { field, message: own, expired: false };
  }
  return { field: null, message: getErrorText(error, t), expired: false };
}

/** /login/tweestapsverificatie: the staff member's second step (enrolment the first time). */
export function TwoFactorPage() {
  const location = useLocation();
  const state = readState(TwoFactorStepStateSchema, location.state);
  if (!state) return <Navigate to="/login" replace />;
  return state.setupRequired ? (
    <EnrolStep challenge={state.challenge} from={state.from} />
  ) : (
    <VerifyStep challenge={state.challenge} from={state.from} />
  );
}

/** Stores the session and goes where the user was heading, as the code page does. */
function useFinishLogin(from: string | undefined) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return async (token: string): Promise<string | null> => {
    try {
      const user = await getCurrentUser(token);
      session.dispatch({ type: 'login', user, token });
      await navigate(getLoginTarget(from, user.roles), { replace: true });
      return null;
    } catch {
      return t('auth.code.userFetchFailed');
    }
  };
}

function ExpiredNotice({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <FormError message={message} />
      <Link to="/login" className="font-medium text-brand-700 underline underline-offset-4">
        {t('twoFactor.loginAgain')}
      </Link>
    </div>
  );
}

/** The six boxes of the code form, with their label and error. */
function SixDigits({ control, label }: { control: Control<CodeForm, unknown, CodeFormOutput>; label: string }) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name="code"
      render={({ field, fieldState }) => {
        const error = translateValidation(fieldState.error?.message, t);
        return (
          <div className="flex flex-col gap-2">
            <p id={labelId} className="font-medium text-slate-900">
              {label}
            </p>
            <CodeInput
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              labelId={labelId}
              errorId={error ? errorId : undefined}
              invalid={Boolean(error)}
              autoFocus
            />
            <FieldError id={errorId} message={error} />
          </div>
        );
      }}
    />
  );
}

/**
 * One setup request per challenge (a second one would replace the secret the QR code shows);
 * the login screens run without the query client, so the promise is kept here.
 */
const setupRequests = new Map<string, Promise<TwoFactorSetupResponse>>();

function useSetup(challenge: string): { data: TwoFactorSetupResponse | undefined; error: unknown } {
  const [result, setResult] = useState<{ data: TwoFactorSetupResponse | undefined; error: unknown }>({
    data: undefined,
    error: null,
  });
  useEffect(() => {
    let request = setupRequests.get(challenge);
    if (!request) {
      request = setupTwoFactor(challenge);
      setupRequests.set(challenge, request);
    }
    let live = true;
    request.then(
      (data) => live && setResult({ data, error: null }),
      (error: unknown) => live && setResult({ data: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [challenge]);
  return result;
}

function EnrolStep({ challenge, from }: { challenge: string; from: string | undefined }) {
  const { t } = useTranslation();
  const finish = useFinishLogin(from);
  const setup = useSetup(challenge);
  const form = useCodeForm();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [result, setResult] = useState<{ token: string; codes: string[] } | null>(null);

  if (result) {
    return (
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('twoFactor.recovery.heading')}</h1>
          <p className="text-slate-700">{t('twoFactor.recovery.intro')}</p>
        </header>
        <RecoveryCodeList codes={result.codes} />
        <FormError message={failure?.message} />
        <Button
          className="w-full"
          onClick={async () => {
            const message = await finish(result.token);
            if (message) setFailure({ field: null, message, expired: false });
          }}
        >
          {t('twoFactor.recovery.continue')}
        </Button>
      </div>
    );
  }

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await enableTwoFactor(challenge, code);
      setResult({ token: answer.token, codes: answer.recovery_codes });
      setFailure(null);
    } catch (error) {
      const next = describeFailure(error, t, 'code');
      if (next.expired) setFailure(next);
      else if (next.field) form.setError('code', { type: 'server', message: next.message }, { shouldFocus: true });
      else form.setError('root.server', { type: 'server', message: next.message });
    }
  });

  const setupFailure = setup.error ? describeFailure(setup.error, t, 'code') : null;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('twoFactor.setup.heading')}</h1>
        <p className="text-slate-700">{t('twoFactor.setup.intro')}</p>
      </header>
      {setupFailure ? (
        <ExpiredNotice message={setupFailure.message} />
      ) : failure?.expired ? (
        <ExpiredNotice message={failure.message} />
      ) : (
        <>
          {setup.data ? (
            <TotpSetup secret={setup.data.secret} qrSvg={setup.data.qr_svg} />
          ) : (
            <p role="status">{t('twoFactor.loading')}</p>
          )}
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
            <SixDigits control={form.control} label={t('twoFactor.setup.codeLabel')} />
            <FormError message={form.formError} />
            <Button type="submit" className="w-full" disabled={!setup.data} busy={form.formState.isSubmitting}>
              {t('twoFactor.setup.submit')}
            </Button>
          </form>
        </>
      )}
    </div>
  );
}

function VerifyStep({ challenge, from }: { challenge: string; from: string | undefined }) {
  const { t } = useTranslation();
  const finish = useFinishLogin(from);
  const [mode, setMode] = useState<'code' | 'recovery_code'>('code');
  const codeForm = useCodeForm();
  const recoveryForm = useSchemaForm(RecoveryFormSchema, { defaultValues: { recovery_code: '' } });
  const [expired, setExpired] = useState<string | null>(null);

  /** Sends the answer; a refusal goes under its field, as the form's error, or (challenge gone) back to /login. */
  const login = async (answer: { code: string } | { recovery_code: string }) => {
    const field = 'code' in answer ? 'code' : 'recovery_code';
    const setRoot = (message: string) =>
      (field === 'code' ? codeForm : recoveryForm).setError('root.server', { type: 'server', message });
    try {
      const { token } = await verifyTwoFactor(challenge, answer);
      const message = await finish(token);
      if (message) setRoot(message);
    } catch (error) {
      const failure = describeFailure(error, t, field);
      if (failure.expired) setExpired(failure.message);
      else if (failure.field === 'code')
        codeForm.setError('code', { type: 'server', message: failure.message }, { shouldFocus: true });
      else if (failure.field === 'recovery_code')
        recoveryForm.setError('recovery_code', { type: 'server', message: failure.message }, { shouldFocus: true });
      else setRoot(failure.message);
    }
  };
  const onSubmit = mode === 'code' ? codeForm.handleSubmit(login) : recoveryForm.handleSubmit(login);
  const active = mode === 'code' ? codeForm : recoveryForm;

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery_code' : 'code');
    codeForm.clearErrors();
    recoveryForm.clearErrors();
  };

  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/login"
        className={
          'inline-flex min-h-11 items-center gap-2 self-start font-medium text-brand-700 ' +
          'underline-offset-4 hover:underline'
        }
      >
        {t('auth.code.back')}
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('twoFactor.verify.heading')}</h1>
        <p className="text-slate-700">
          {mode === 'code' ? t('twoFactor.verify.intro') : t('twoFactor.verify.recoveryIntro')}
        </p>
      </header>
      {expired ? (
        <ExpiredNotice message={expired} />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
          {mode === 'code' ? (
            <SixDigits control={codeForm.control} label={t('twoFactor.verify.codeLabel')} />
          ) : (
            <TextField
              label={t('twoFactor.verify.recoveryLabel')}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              placeholder="XXXXX-XXXXX"
              error={recoveryForm.fieldError('recovery_code')}
              {...recoveryForm.register('recovery_code')}
            />
          )}
          <FormError message={active.formError} />
          <Button type="submit" busy={active.formState.isSubmitting} className="w-full">
            {t('auth.code.submit')}
          </Button>
        </form>
      )}
      <Button variant="link" className="self-start" onClick={switchMode}>
        {mode === 'code' ? t('twoFactor.verify.useRecovery') : t('twoFactor.verify.useApp')}
      </Button>
    </div>
  );
}
