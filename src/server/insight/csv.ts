import { stringify } from 'csv-stringify/sync';
import type { FunnelRow, StuckCase } from '../../contract/insight';
import type { Translate } from '../../contract/validation-messages';
import { neutraliseFormula } from '../admin/csv';
import { formatDateTime } from '../../contract/rules/dutch-date';

/** dd-mm-jjjj uu:mm in Europe/Amsterdam, the same in both languages. */
export const formatCsvMoment = (iso: string) => formatDateTime(iso);

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
 * The funnel and the stuck cases in one RFC 4180 table (CRLF, a header row, UTF-8 BOM), one
 * row per step and per stuck case, the `section` column saying which. Headers, steps, phases and
 * reasons in the reader's language; numbers with the language's decimal sign; moments dd-mm-jjjj uu:mm.
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
    row.share === null ? '' : number.format(row.share * 100),
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
    neutraliseFormula(row.client_name),
    neutraliseFormula(row.lawyer_name ?? ''),
    t(`cases.statuses.${row.status.slug}`),
    t(`admin.insight.reasons.${row.reason}`),
    formatCsvMoment(row.since),
  ]);
  return `\uFEFF${stringify([header, ...funnel, ...stuck], { record_delimiter: '\r\n', quoted_match: /[",;\r\n]/ })}`;
}
