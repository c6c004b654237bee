import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../lib/use-format-date';
import type { AdminOutboxMail } from '../../../contract/admin';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { useAdminOutbox, useRetryMail } from './api';
import { isApiError } from '../../lib/api-client';
import { adminErrorText } from './error';
import { DataTable } from '../../ui/data-table';
import { Pager } from '../../ui/pager';

/**
 * /beheer/outbox: pending and failed mails (never their content), each with 'Opnieuw versturen'. Reading it is audited.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const outbox = useAdminOutbox(page);
  const retry = useRetryMail();
  // The app's one date format (dd-mm-yyyy HH:MM in Europe/Amsterdam, lib/format.ts): a moment reads the same here
  // as on the timeline.
  const formatDateTime = useFormatDateTime();

  const onRetry = async (mail: AdminOutboxMail) => {
    setNotice(null);
    try {
      await retry.mutateAsync(mail.id);
      setError(null);
      setNotice(t('admin.outbox.retried'));
    } catch (failure) {
      // 409: sent in the meantime; 404: gone (payloads are emptied, rows stay). Either way the list is stale.
      if (isApiError(failure) && (failure.status === 409 || failure.status === 404)) {
        setError(t(failure.status === 409 ? 'admin.outbox.alreadySent' : 'admin.outbox.gone'));
        void outbox.refetch();
      } else setError(adminErrorText(failure, t));
    }
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeading>{t('admin.outbox.heading')}</PageHeading>
      <p className="text-slate-800">{t('admin.outbox.intro')}</p>
      <FormError message={error ?? (outbox.isError ? adminErrorText(outbox.error, t) : undefined)} />
      <p role="status" className="text-slate-800 empty:hidden">
        {notice ?? (!outbox.data && !outbox.isError ? t('admin.loading') : '')}
      </p>
      {outbox.data &&
        (outbox.data.data.length === 0 ? (
          <p>{t('admin.outbox.empty')}</p>
        ) : (
          <DataTable
            label={t('admin.outbox.heading')}
            rows={outbox.data.data}
            rowKey={(mail) => mail.id}
            columns={[
              {
                id: 'created',
                header: t('admin.outbox.columns.created'),
                className: 'whitespace-nowrap',
                cell: (mail) => <time dateTime={mail.created_at}>{formatDateTime(mail.created_at)}</time>,
              },
              { id: 'kind', header: t('admin.outbox.columns.kind'), className: 'font-mono', cell: (mail) => mail.kind },
              { id: 'to', header: t('admin.outbox.columns.to'), className: 'break-all', cell: (mail) => mail.to },
              {
                id: 'status',
                header: t('admin.outbox.columns.status'),
                cell: (mail) => t(`admin.outbox.status.${mail.status}`),
              },
              { id: 'attempts', header: t('admin.outbox.columns.attempts'), cell: (mail) => mail.attempts },
              {
                id: 'next',
                header: t('admin.outbox.columns.next'),
                className: 'whitespace-nowrap',
                cell: (mail) =>
                  mail.next_attempt_at ? (
                    <time dateTime={mail.next_attempt_at}>{formatDateTime(mail.next_attempt_at)}</time>
                  ) : (
                    t('admin.outbox.none')
                  ),
              },
              {
                id: 'error',
                header: t('admin.outbox.columns.error'),
                className: 'font-mono',
                cell: (mail) => mail.last_error_code ?? t('admin.outbox.none'),
              },
              {
                id: 'action',
                header: <span className="sr-only">{t('admin.outbox.columns.action')}</span>,
                cell: (mail) => (
                  <Button
                    variant="secondary"
                    aria-label={t('admin.outbox.retryLabel', { id: mail.id })}
                    onClick={() => onRetry(mail)}
                  >
                    {t('admin.outbox.retry')}
                  </Button>
                ),
              },
            ]}
          />
        ))}
      {outbox.data && (page > 1 || outbox.data.meta.has_more) && (
        <Pager
          label={t('admin.pageLabel', { page })}
          page={page}
          hasNext={outbox.data.meta.has_more}
          onPage={setPage}
          previous={t('admin.previous')}
          next={t('admin.next')}
        />
      )}
    </section>
  );
}
