import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { buttonClasses } from '../../ui/button';
import { PageHeading } from '../../ui/page-heading';
import { describeError } from './describe-error';

/** The error page of a route: a title from the translations, the error text as its body. */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-4 py-8" aria-labelledby="error-page-title">
      <PageHeading className="text-balance">
        <span id="error-page-title">{t('errors.page.title')}</span>
      </PageHeading>
      <p className="text-slate-800">{describeError(error, t)}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClasses.primary} onClick={() => window.location.reload()}>
          {t('errors.page.reload')}
        </button>
        <Link to="/" className={buttonClasses.secondary}>
          {t('errors.backHome')}
        </Link>
      </div>
    </section>
  );
}
