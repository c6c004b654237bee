import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getErrorText } from '../../lib/error-text';
import { useSite } from '../../lib/site';
import { buttonClasses } from '../../ui/button';
import { FormError } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { useMyCase } from '../../lib/my-case-query';
import { useHasFeedback } from './api';

/** Review or feedback (/review), linked from the dashboard: feedback for the lawyer and the external review page. */
export function ReviewPage() {
  const { t } = useTranslation();
  const site = useSite();
  const myCase = useMyCase();
  const hasFeedback = useHasFeedback(myCase.data?.id);
  const loading = myCase.isPending || (myCase.data !== undefined && hasFeedback.isPending);
  const error = myCase.error ?? hasFeedback.error;
  const hasLawyer = (myCase.data?.lawyers.length ?? 0) > 0;

  return (
    <section className="flex max-w-2xl flex-col gap-5">
      <PageHeading>{t('review.heading')}</PageHeading>
      <p className="text-slate-800">{t('review.intro')}</p>
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner />
          {t('review.loading')}
        </p>
      ) : error ? (
        <FormError message={getErrorText(error, t)} />
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {hasFeedback.data ? (
            <p className="w-full text-slate-900">{t('review.feedbackGiven')}</p>
          ) : hasLawyer ? (
            <Link to="/?feedback=1" className={buttonClasses.primary}>
              {t('review.giveFeedback')}
            </Link>
          ) : (
            <p className="w-full text-slate-900">{t('review.noLawyer')}</p>
          )}
          {site?.review_url && (
            <a
              href={site.review_url}
              target="_blank"
              rel="noopener noreferrer"
              className={hasFeedback.data ? buttonClasses.primary : buttonClasses.secondary}
            >
              {t('review.writeReview')}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('dashboard.newTab')}</span>
            </a>
          )}
        </div>
      )}
      <Link to="/" className="w-fit font-medium text-brand-700 underline underline-offset-4">
        {t('review.back')}
      </Link>
    </section>
  );
}
