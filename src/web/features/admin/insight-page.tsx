import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  INSIGHT_DEFAULT_DAYS,
  STUCK_LIMIT_PER_REASON,
  type FunnelRow,
  type StuckCase,
} from '../../../contract/insight';
import { addCalendarDays, amsterdamToday } from '../../../contract/rules/amsterdam-date';
import { useStatusName } from '../../lib/status-name';
import { useFormatDate, useFormatDateTime } from '../../lib/use-format-date';
import { Button } from '../../ui/button';
import { FormError, TextField } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { DataTable } from '../../ui/data-table';
import { downloadInsightCsv, useAdminInsight, useAdminLawyers, type InsightFilters } from './api';
import { adminErrorText } from './error';

/** The last INSIGHT_DEFAULT_DAYS days up to today (Amsterdam), as the server takes it without a period. */
function defaultFilters(): InsightFilters {
  const to = amsterdamToday(new Date());
  return { from: addCalendarDays(to, -(INSIGHT_DEFAULT_DAYS - 1)), to, lawyer_id: '' };
}

/**
 * /beheer/inzicht: where clients drop out of the route (the funnel over a period, per lawyer)
 * and which cases are stuck now, with a CSV of both. Names, phases and dates; never case content.
 */
export function InsightPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState<InsightFilters>(defaultFilters);
  const [filters, setFilters] = useState<InsightFilters>(form);
  const [error, setError] = useState<string | null>(null);
  const insight = useAdminInsight(filters);
  const lawyers = useAdminLawyers();

  const onShow = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFilters(form);
  };

  const onExport = async () => {
    try {
      await downloadInsightCsv(filters);
      setError(null);
    } catch (failure) {
      setError(adminErrorText(failure, t));
    }
  };

  const field = (key: keyof InsightFilters) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }),
  });

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeading>{t('admin.insight.heading')}</PageHeading>
      <p className="text-slate-800">{t('admin.insight.intro')}</p>
      <form
        noValidate
        onSubmit={onShow}
        aria-label={t('admin.insight.filters')}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-4"
      >
        <TextField label={t('admin.insight.from')} type="date" required {...field('from')} />
        <TextField label={t('admin.insight.to')} type="date" required {...field('to')} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="insight-lawyer" className="font-medium text-slate-900">
            {t('admin.insight.lawyer')}
          </label>
          <select
            id="insight-lawyer"
            {...field('lawyer_id')}
            className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
          >
            <option value="">{t('admin.insight.allLawyers')}</option>
            {(lawyers.data ?? []).map((lawyer) => (
              <option key={lawyer.id} value={lawyer.id}>
                {lawyer.full_name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit">{t('admin.insight.show')}</Button>
        </div>
      </form>
      <div>
        <Button variant="secondary" onClick={onExport}>
          {t('admin.insight.export')}
        </Button>
      </div>
      <FormError message={error ?? (insight.isError ? adminErrorText(insight.error, t) : undefined)} />
      {!insight.data ? (
        !insight.isError && <p role="status">{t('admin.loading')}</p>
      ) : (
        <>
          <FunnelTable rows={insight.data.funnel} from={insight.data.period.from} to={insight.data.period.to} />
          <StuckList rows={insight.data.stuck} truncated={insight.data.stuck_truncated} />
        </>
      )}
    </section>
  );
}

function Empty({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function FunnelTable({ rows, from, to }: { rows: FunnelRow[]; from: string; to: string }) {
  const { t, i18n } = useTranslation();
  const formatDate = useFormatDate();
  const language = i18n.resolvedLanguage ?? 'nl-NL';
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const days = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const caption = t('admin.insight.funnel.caption', {
    from: formatDate(from),
    to: formatDate(to),
  });
  return (
    <section className="flex flex-col gap-3">
      <h2 id="insight-funnel" className="text-xl font-semibold text-slate-900">
        {t('admin.insight.funnel.heading')}
      </h2>
      <p className="text-slate-800">{t('admin.insight.funnel.explain')}</p>
      <DataTable
        label={t('admin.insight.funnel.heading')}
        caption={caption}
        captionVisible
        rows={rows}
        rowKey={(row) => row.step}
        columns={[
          {
            id: 'step',
            header: t('admin.insight.funnel.step'),
            rowHeader: true,
            cell: (row) => t(`admin.insight.steps.${row.step}`),
          },
          { id: 'count', header: t('admin.insight.funnel.count'), numeric: true, cell: (row) => row.count },
          {
            id: 'share',
            header: t('admin.insight.funnel.share'),
            numeric: true,
            cell: (row) =>
              row.share === null ? (
                <Empty label={t('admin.insight.funnel.none')} />
              ) : (
                percent.format(Math.min(1, row.share))
              ),
          },
          {
            id: 'median',
            header: t('admin.insight.funnel.median'),
            numeric: true,
            cell: (row) =>
              row.median_days === null ? (
                <Empty label={t('admin.insight.funnel.none')} />
              ) : (
                <span title={t('admin.insight.funnel.days', { count: row.median_days })}>
                  {days.format(row.median_days)}
                </span>
              ),
          },
        ]}
      />
    </section>
  );
}

function StuckList({ rows, truncated }: { rows: StuckCase[]; truncated: StuckCase['reason'][] }) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const formatDateTime = useFormatDateTime();
  return (
    <section className="flex flex-col gap-3">
      <h2 id="insight-stuck" className="text-xl font-semibold text-slate-900">
        {t('admin.insight.stuck.heading')}
      </h2>
      <p className="text-slate-800">{t('admin.insight.stuck.explain')}</p>
      {truncated.map((reason) => (
        <p key={reason} className="text-slate-800">
          {t('admin.insight.stuck.truncated', {
            reason: t(`admin.insight.reasons.${reason}`),
            count: STUCK_LIMIT_PER_REASON,
          })}
        </p>
      ))}
      {rows.length === 0 ? (
        <p>{t('admin.insight.stuck.empty')}</p>
      ) : (
        <DataTable
          label={t('admin.insight.stuck.heading')}
          rows={rows}
          rowKey={(row) => `${row.case_id}-${row.reason}`}
          columns={[
            { id: 'client', header: t('admin.insight.stuck.client'), rowHeader: true, cell: (row) => row.client_name },
            {
              id: 'lawyer',
              header: t('admin.insight.stuck.lawyer'),
              cell: (row) => row.lawyer_name ?? t('admin.insight.stuck.noLawyer'),
            },
            { id: 'phase', header: t('admin.insight.stuck.phase'), cell: (row) => statusName(row.status) },
            {
              id: 'reason',
              header: t('admin.insight.stuck.reason'),
              cell: (row) => t(`admin.insight.reasons.${row.reason}`),
            },
            {
              id: 'since',
              header: t('admin.insight.stuck.since'),
              className: 'whitespace-nowrap',
              cell: (row) => <time dateTime={row.since}>{formatDateTime(row.since)}</time>,
            },
          ]}
        />
      )}
    </section>
  );
}
