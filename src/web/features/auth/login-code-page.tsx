import { ArrowLeft } from 'lucide-react';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { LoginCodeSchema } from '../../../contract/auth';
import { getLoginTarget } from '../../../contract/rules/route-access';
import type { User } from '../../../contract/users';
import { isApiError } from '../../lib/api-client';
import { session } from '../../lib/app-session';
import { getErrorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/schema-form';
import { getCurrentUser } from '../../lib/user';
import { Button } from '../../ui/button';
import { FieldError, FormError } from '../../ui/field';
import { requestToken } from './api';
import { CodeInput, compactCode } from './code-input';
import { CodeStepStateSchema, readState, type LoginStepState, type TwoFactorStepState } from './login-state';
import { ResendCode } from './resend-code';

const CodeFormSchema = z.object({ code: z.string().transform(compactCode).pipe(LoginCodeSchema) });

/**
 * /login/code: six boxes for the mailed code; without an e-mail address in the navigation state it goes back to /login.
 */
export function LoginCodePage() {
  const location = useLocation();
  const state = readState(CodeStepStateSchema, location.state);
  if (!state) return <Navigate to="/login" replace />;
  return <CodeForm email={state.email} from={state.from} sentAt={state.sentAt ?? null} />;
}

function CodeForm({ email, from, sentAt }: { email: string; from: string | undefined; sentAt: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labelId = useId();
  const errorId = useId();
  const {
    control,
    handleSubmit,
    setError,
    fieldError,
    formError,
    serverErrors,
    formState: { isSubmitting },
  } = useSchemaForm(CodeFormSchema, { defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    let token: string;
    try {
      const answer = await requestToken(email, code);
      if ('two_factor_required' in answer) {
        // Staff: the second factor comes next (enrolment the first time).
        const next: TwoFactorStepState = {
          email,
          from,
          challenge: answer.challenge,
          setupRequired: answer.setup_required === true,
        };
        await navigate('/login/tweestapsverificatie', { replace: true, state: next });
        return;
      }
      token = answer.token;
    } catch (error) {
      if (isApiError(error) && error.kind === 'validation') serverErrors(error);
      else if (isApiError(error))
        setError('root.server', { type: 'server', message: error.serverMessage ?? getErrorText(error, t) });
      else setError('root.server', { type: 'server', message: t('auth.code.unexpected') });
      return;
    }
    let user: User;
    try {
      user = await getCurrentUser(token);
    } catch {
      setError('root.server', { type: 'server', message: t('auth.code.userFetchFailed') });
      return;
    }
    try {
      session.dispatch({ type: 'login', user, token });
      await navigate(getLoginTarget(from, user.roles), { replace: true });
    } catch {
      setError('root.server', { type: 'server', message: t('auth.code.unexpected') });
    }
  });

  const codeError = fieldError('code');
  const backState: LoginStepState = { from, email };
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/login"
        state={backState}
        className={
          'inline-flex min-h-11 items-center gap-2 self-start font-medium text-brand-700 ' +
          'underline-offset-4 hover:underline'
        }
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('auth.code.back')}
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('auth.code.heading')}</h1>
        <p className="text-slate-700">{t('auth.code.intro', { email })}</p>
      </header>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <p id={labelId} className="font-medium text-slate-900">
            {t('auth.code.label')}
          </p>
          <Controller
            control={control}
            name="code"
            render={({ field }) => (
              <CodeInput
                value={field.value}
                onChange={field.onChange}
                labelId={labelId}
                errorId={codeError ? errorId : undefined}
                invalid={Boolean(codeError)}
                autoFocus
              />
            )}
          />
          <FieldError id={errorId} message={codeError} />
        </div>
        <FormError message={formError} />
        <Button type="submit" busy={isSubmitting} className="w-full">
          {t('auth.code.submit')}
        </Button>
      </form>
      <p className="text-sm text-slate-700">{t('auth.code.spamHint')}</p>
      <ResendCode email={email} sentAt={sentAt} />
    </div>
  );
}
