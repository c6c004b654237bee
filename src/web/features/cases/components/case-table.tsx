import { ArrowDown, ArrowUp, ArrowUpDown, FileClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CaseListItem } from '../../../../contract/cases';
import { getStatusGroup } from '../../../../contract/statuses';
import { useFormatDate } from '../../../lib/use-format-date';
import { UnreadBadge } from '../../../widgets/unread-badge';
import type { CaseSort } from '../url-state';
import { StatusBadge } from './status-badge';

type SortProps = { sort: CaseSort; dir: 'asc' | 'desc'; onSort: (sort: CaseSort) => void };

const COLUMNS: { sort: CaseSort; key: string }[] = [
  { sort: 'client_name', key: 'cases.columns.client' },
  { sort: 'company_name', key: 'cases.columns.company' },
  { sort: 'status', key: 'cases.columns.status' },
  { sort: 'last_update_at', key: 'cases.columns.lastUpdate' },
];

/** New documents of a case; `long` on a card, where no column header says what 'Geen' is about. */
function Pending({ count, long = false }: { count: number; long?: boolean }) {
  const { t } = useTranslation();
  if (count === 0)
    return <span className="text-slate-700">{t(long ? 'cases.pending.noneLong' : 'cases.pending.none')}</span>;
  return (
    <span className="inline-flex items-center gap-1 font-semibold text-amber-900">
      <FileClock className="size-4" aria-hidden="true" />
      {t('cases.pending.count', { count })}
    </span>
  );
}

/** On a case the lawyer stands in on: 'Waarneming voor Vera van Vast'. */
function StandInFor({ item }: { item: CaseListItem }) {
  const { t } = useTranslation();
  if (item.stand_in_for === null) return null;
  return (
    <span className="block text-sm font-normal text-slate-700">
      {t('cases.standInFor', { name: item.stand_in_for })}
    </span>
  );
}

/**
 * The case list: a sortable table from md up, cards below it. `showGroup` (a search over all
 * groups) adds each case's group ('Actief', 'Klaar voor facturatie', 'Voltooid').
 */
export function CaseTable({
  cases,
  sort,
  dir,
  onSort,
  showGroup = false,
}: { cases: CaseListItem[]; showGroup?: boolean } & SortProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const statusLabel = (c: CaseListItem) => t(`cases.statuses.${c.status.slug}`);
  const groupLabel = (c: CaseListItem) => t(`cases.groups.${getStatusGroup(c.status.slug)}`);
  return (
    <>
      <table className="hidden w-full border-collapse text-left md:table">
        <caption className="sr-only">{t('cases.caption')}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {COLUMNS.map((column) => {
              const current = sort === column.sort;
              const Icon = current ? (dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
              return (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={current ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  className="py-2 pr-3"
                >
                  <button
                    type="button"
                    onClick={() => onSort(column.sort)}
                    className={
                      'inline-flex min-h-11 items-center gap-1 font-semibold text-slate-900 ' + 'hover:text-brand-700'
                    }
                  >
                    {t(column.key)}
                    <Icon className="size-4" aria-hidden="true" />
                  </button>
                </th>
              );
            })}
            {showGroup && (
              <th scope="col" className="py-2 pr-3 font-semibold text-slate-900">
                {t('cases.columns.group')}
              </th>
            )}
            <th scope="col" className="py-2 font-semibold text-slate-900">
              {t('cases.columns.documents')}
            </th>
          </tr>
        </thead>
        <tbody>
          {cases.map((c) => (
            <tr key={c.id} className="border-b border-slate-200 hover:bg-slate-50">
              <td className="py-3 pr-3">
                <Link
                  to={`/dossiers/${c.id}`}
                  className="font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {c.client_name || t('cases.unknownName')}
                  <UnreadBadge caseId={c.id} />
                </Link>
                <StandInFor item={c} />
              </td>
              <td className="py-3 pr-3 text-slate-800">{c.company_name ?? '–'}</td>
              <td className="py-3 pr-3">
                <StatusBadge slug={c.status.slug} label={statusLabel(c)} />
              </td>
              <td className="py-3 pr-3 text-slate-800">{formatDate(c.last_update_at)}</td>
              {showGroup && <td className="py-3 pr-3 text-slate-800">{groupLabel(c)}</td>}
              <td className="py-3">
                <Pending count={c.pending_documents} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 md:hidden">
        {cases.map((c) => (
          <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <Link
              to={`/dossiers/${c.id}`}
              className="text-lg font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {c.client_name || t('cases.unknownName')}
              <UnreadBadge caseId={c.id} />
            </Link>
            <StandInFor item={c} />
            {c.company_name && <p className="text-slate-800">{c.company_name}</p>}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <StatusBadge slug={c.status.slug} label={statusLabel(c)} />
              {showGroup && <span className="text-slate-800">{t('cases.groupOf', { group: groupLabel(c) })}</span>}
              <span className="text-slate-700">{formatDate(c.last_update_at)}</span>
              <Pending count={c.pending_documents} long />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Sorting on small screens, where the table headers are not shown. */
export function MobileSort({
  sort,
  dir,
  onChange,
}: {
  sort: CaseSort;
  dir: 'asc' | 'desc';
  onChange: (sort: CaseSort, dir: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-2 md:hidden">
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-900">
        {t('cases.sortBy')}
        <select
          value={sort}
          onChange={(e) => onChange(e.target.value as CaseSort, dir)}
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3"
        >
          {COLUMNS.map((column) => (
            <option key={column.sort} value={column.sort}>
              {t(column.key)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        onClick={() => onChange(sort, dir === 'asc' ? 'desc' : 'asc')}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-400 bg-white px-3 font-medium"
      >
        {dir === 'asc' ? (
          <ArrowUp className="size-4" aria-hidden="true" />
        ) : (
          <ArrowDown className="size-4" aria-hidden="true" />
        )}
        {t(dir === 'asc' ? 'cases.ascending' : 'cases.descending')}
      </button>
    </div>
  );
}
