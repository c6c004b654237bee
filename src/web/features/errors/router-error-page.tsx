import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { describeError } from './describe-error';

/** The router's default error page ('Unexpected Application Error!'). */
export function RouterErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{t('errors.router.title')}</h1>
      <p className="font-mono text-sm break-words text-slate-800">{describeError(error, t)}</p>
      <p>
        <a href="/" className="font-medium text-brand-700 underline underline-offset-4">
          {t('errors.backHome')}
        </a>
      </p>
    </main>
  );
}
