import { useTranslation } from 'react-i18next';
import { getErrorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { useMarkFeedbackAsRead, useReceivedFeedback } from './api';
import { FeedbackItem } from './components/feedback-item';

/** The lawyer's received feedback (/feedback): 'Jouw persoonlijke feedback' with 'load more' until the last page. */
export function FeedbackPage() {
  const { t } = useTranslation();
  const received = useReceivedFeedback();
  const markAsRead = useMarkFeedbackAsRead();
  const items = received.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section className="flex max-w-3xl flex-col gap-5">
      <PageHeading>{t('feedback.heading')}</PageHeading>
      <p className="text-slate-800">{t('feedback.intro')}</p>
      {received.isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner />
          {t('feedback.loading')}
        </p>
      ) : received.isError && items.length === 0 ? (
        <FormError message={getErrorText(received.error, t)} />
      ) : items.length === 0 ? (
        <p className="text-slate-800">{t('feedback.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {items.map((feedback) => (
              <FeedbackItem
                key={feedback.id}
                feedback={feedback}
                onMarkAsRead={() => markAsRead.mutateAsync(feedback.id).catch(() => undefined)}
              />
            ))}
          </ul>
          {received.isFetchNextPageError && <FormError message={getErrorText(received.error, t)} />}
          {markAsRead.isError && <FormError message={getErrorText(markAsRead.error, t)} />}
          {received.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              busy={received.isFetchingNextPage}
              onClick={() => received.fetchNextPage()}
            >
              {t('feedback.loadMore')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
