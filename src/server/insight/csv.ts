import type { FunnelRow, StuckCase } from '../../contract/insight';
import type { Translate } from '../../contract/validation-messages';
import { csvMoment, toCsv } from '../infra/lib/csv';

/** The columns, under `admin.insight.csv.` in the translation files. */
export const INSIGHT_CSV_COLUMNS = [
  'section',
  'step',
  'count',
  'share',
  'median_days',
  'case_id',
  'client_name',
  'lawyer_name',
  'phase',
  'reason',
  'since',
] as const;

/**
 * The funnel and the stuck cases in one table in the portal's CSV form (src/server/infra/lib/csv.ts:
 * ';' between cells, UTF-8 BOM, CRLF, a header row), one row per step and per stuck case, the
 * `section` column saying which. Headers, steps, phases and reasons in the reader's language;
 * numbers with the language's decimal sign; moments dd-mm-jjjj uu:mm.
 */
export function insightCsv(input: {
  funnel: readonly FunnelRow[];
  stuck: readonly StuckCase[];
  language: string;
  t: Translate;
}): string {
  const { t } = input;
  const number = new Intl.NumberFormat(input.language, { maximumFractionDigits: 1, useGrouping: false });
  const header = INSIGHT_CSV_COLUMNS.map((column) => t(`admin.insight.csv.${column}`));
  const funnel = input.funnel.map((row) => [
    t('admin.insight.csv.funnelSection'),
    t(`admin.insight.steps.${row.step}`),
    String(row.count),
    row.share === null ? '' : number.format(Math.min(1, row.share) * 100),
    row.median_days === null ? '' : number.format(row.median_days),
    '',
    '',
    '',
    '',
    '',
    '',
  ]);
  const stuck = input.stuck.map((row) => [
    t('admin.insight.csv.stuckSection'),
    '',
    '',
    '',
    '',
    row.case_id,
    row.client_name,
    row.lawyer_name ?? '',
    t(`cases.statuses.${row.status.slug}`),
    t(`admin.insight.reasons.${row.reason}`),
    csvMoment(row.since),
  ]);
  return toCsv(header, [...funnel, ...stuck]);
}
