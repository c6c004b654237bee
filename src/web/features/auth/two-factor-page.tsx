import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TwoFactorSetupResponse } from '../../../contract/two-factor';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { getLoginTarget } from '../../../contract/rules/route-access';
import { isApiError } from '../../lib/api-client';
import { session } from '../../lib/app-session';
import { getErrorText } from '../../lib/error-text';
import { getCurrentUser } from '../../lib/user';
import { Button } from '../../ui/button';
import { FieldError, FormError, TextField } from '../../ui/field';
import { RecoveryCodeList, TotpSetup } from '../../widgets/totp-setup';
import { enableTwoFactor, setupTwoFactor, verifyTwoFactor } from './api';
import { CodeInput, compactCode } from './code-input';
import { readState, TwoFactorStepStateSchema } from './login-state';

type Failure = { field: 'code' | 'recovery_code' | null; message: string; expired: boolean };

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

function SixDigits({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  label: string;
}) {
  const labelId = useId();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-2">
      <p id={labelId} className="font-medium text-slate-900">
        {label}
      </p>
      <CodeInput
        value={value}
        onChange={onChange}
        labelId={labelId}
        errorId={error ? errorId : undefined}
        invalid={Boolean(error)}
        autoFocus
      />
      <FieldError id={errorId} message={error} />
    </div>
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
  const [code, setCode] = useState('');
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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const digits = compactCode(code);
    if (!/^\d{6}$/.test(digits)) {
      setFailure({ field: 'code', message: t('twoFactor.sixDigits'), expired: false });
      return;
    }
    try {
      const answer = await enableTwoFactor(challenge, digits);
      setResult({ token: answer.token, codes: answer.recovery_codes });
      setFailure(null);
    } catch (error) {
      setFailure(describeFailure(error, t, 'code'));
    }
  };

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
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
            <SixDigits
              label={t('twoFactor.setup.codeLabel')}
              value={code}
              onChange={setCode}
              error={failure?.field === 'code' ? failure.message : undefined}
            />
            <FormError message={failure && failure.field === null ? failure.message : undefined} />
            <Button type="submit" className="w-full" disabled={!setup.data}>
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
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState('');
  const [failure, setFailure] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const digits = compactCode(code);
    const recoveryCode = recovery.trim();
    if (mode === 'code' && !/^\d{6}$/.test(digits)) {
      setFailure({ field: 'code', message: t('twoFactor.sixDigits'), expired: false });
      return;
    }
    if (mode === 'recovery_code' && recoveryCode.replace(/[\s-]/g, '').length !== 10) {
      setFailure({ field: 'recovery_code', message: t('twoFactor.verify.recoveryFormat'), expired: false });
      return;
    }
    const answer = mode === 'code' ? { code: digits } : { recovery_code: recoveryCode };
    setBusy(true);
    try {
      const { token } = await verifyTwoFactor(challenge, answer);
      const message = await finish(token);
      if (message) setFailure({ field: null, message, expired: false });
    } catch (error) {
      setFailure(describeFailure(error, t, mode));
    } finally {
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'code' ? 'recovery_code' : 'code');
    setFailure(null);
  };

  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/login"
        className="inline-flex min-h-11 items-center gap-2 self-start font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        {t('auth.code.back')}
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('twoFactor.verify.heading')}</h1>
        <p className="text-slate-700">
          {mode === 'code' ? t('twoFactor.verify.intro') : t('twoFactor.verify.recoveryIntro')}
        </p>
      </header>
      {failure?.expired ? (
        <ExpiredNotice message={failure.message} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {mode === 'code' ? (
            <SixDigits
              label={t('twoFactor.verify.codeLabel')}
              value={code}
              onChange={setCode}
              error={failure?.field === 'code' ? failure.message : undefined}
            />
          ) : (
            <TextField
              label={t('twoFactor.verify.recoveryLabel')}
              value={recovery}
              onChange={(event) => setRecovery(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoFocus
              placeholder="XXXXX-XXXXX"
              error={failure?.field === 'recovery_code' ? failure.message : undefined}
            />
          )}
          <FormError message={failure && failure.field === null ? failure.message : undefined} />
          <Button type="submit" busy={busy} className="w-full">
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
