import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button';
import { PageHeading } from '../../ui/page-heading';

/** '404 – Pagina niet gevonden' with 'Terug naar home'. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 text-center">
      <PageHeading>{t('errors.notFound.title')}</PageHeading>
      <p className="text-slate-800">{t('errors.notFound.body')}</p>
      <Link to="/" className={buttonClasses.primary}>
        {t('errors.backHome')}
      </Link>
    </section>
  );
}
