import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { RequestCodeRequestSchema } from '../../../contract/auth';
import { isApiError } from '../../lib/api-client';
import { getErrorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/schema-form';
import { useSite } from '../../lib/site';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { requestCode } from './api';
import { LoginStepStateSchema, readState, type CodeStepState } from './login-state';

export const TYPEFORM_EVENT = 'typeform_submitted';

/** The code step's state; the resend cooldown runs from the moment the code was requested. */
function codeStepState(email: string, from: string | undefined): CodeStepState {
  return { email, from, sentAt: Date.now() };
}

/** /login: the e-mail step. With ?event=typeform_submitted it welcomes a new client. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const site = useSite();
  const state = readState(LoginStepStateSchema, location.state);
  const isTypeform = searchParams.get('event') === TYPEFORM_EVENT;

  const form = useSchemaForm(RequestCodeRequestSchema, { defaultValues: { email: state?.email ?? '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await requestCode(email);
    } catch (error) {
      if (isApiError(error) && error.kind === 'server') {
        // For login, a failed request shows the server's message as a form error.
        form.setError('root.server', { type: 'server', message: error.serverMessage ?? getErrorText(error, t) });
      } else {
        form.serverErrors(error);
      }
      return;
    }
    await navigate('/login/code', { state: codeStepState(email, state?.from) });
  });

  const prefix = isTypeform ? 'auth.login.typeform' : 'auth.login';
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t(`${prefix}.heading`)}</h1>
        {/* the intro text is added only after the public site's form. */}
        {isTypeform && <p className="text-slate-700">{t('auth.login.typeform.intro')}</p>}
      </header>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label={t('auth.login.emailLabel')}
          type="email"
          autoComplete="email"
          autoFocus
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.login.emailPlaceholder')}
          error={form.fieldError('email')}
          {...form.register('email')}
        />
        <FormError message={form.formError} />
        <Button type="submit" busy={form.formState.isSubmitting} className="w-full">
          {t(`${prefix}.submit`)}
        </Button>
      </form>
      {site?.contact_url && (
        <p className="text-sm text-slate-700">
          {t('auth.login.forgotEmail')}{' '}
          <a
            href={site.contact_url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-4"
          >
            {t('auth.login.contactLink')}
            <span className="sr-only"> {t('nav.opensInNewTab')}</span>
          </a>
        </p>
      )}
    </div>
  );
}
