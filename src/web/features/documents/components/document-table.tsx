import { useMemo, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Document } from '../../../../contract/documents';
import { formatDate } from '../../../lib/format';
import { DocumentActions } from './document-actions';
import { DocumentStatusBadge, DOCUMENT_STATUS_KEYS } from '../../../widgets/document-status-badge';
import { useLanguage } from '../../../lib/use-language';
import { FileExtension } from '../../../ui/file-extension';

type SortKey = 'title' | 'filename' | 'uploaded_at' | 'status';
type Sort = { key: SortKey; dir: 'asc' | 'desc' };

/** A document table with sortable columns; cards on narrow screens. */
export function DocumentTable({
  documents,
  onDelete,
  canDelete = true,
}: {
  documents: Document[];
  onDelete: (document: Document) => void;
  canDelete?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const [sort, setSort] = useState<Sort>({ key: 'uploaded_at', dir: 'desc' });

  const sorted = useMemo(() => {
    const collator = new Intl.Collator(i18n.resolvedLanguage, { sensitivity: 'base', numeric: true });
    const value = (d: Document) => (sort.key === 'status' ? t(DOCUMENT_STATUS_KEYS[d.status]) : (d[sort.key] ?? ''));
    const list = [...documents].sort((a, b) => collator.compare(value(a), value(b)));
    return sort.dir === 'asc' ? list : list.reverse();
  }, [documents, sort, t, i18n.resolvedLanguage]);

  const columns: { key: SortKey; label: string }[] = [
    { key: 'title', label: t('documents.table.title') },
    { key: 'filename', label: t('documents.table.filename') },
    { key: 'uploaded_at', label: t('documents.table.uploadedAt') },
    { key: 'status', label: t('documents.table.status') },
  ];
  const toggle = (key: SortKey) =>
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));

  return (
    <>
      <ul className="flex flex-col gap-3 md:hidden" aria-label={t('documents.general.title')}>
        {sorted.map((d) => (
          <li key={d.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">
                {d.title} <FileExtension extension={d.extension} />
              </p>
              <DocumentStatusBadge status={d.status} signed={d.signed} />
            </div>
            <p className="text-sm [overflow-wrap:anywhere] text-slate-700">{d.filename}</p>
            <p className="text-sm text-slate-700">{formatDate(d.uploaded_at, language)}</p>
            <DocumentActions document={d} canDelete={canDelete} onDelete={() => onDelete(d)} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-left">
          <caption className="sr-only">{t('documents.general.title')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-sm text-slate-800">
            <tr>
              {columns.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={sort.key === c.key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className="px-4 py-2"
                >
                  <button
                    type="button"
                    onClick={() => toggle(c.key)}
                    className="inline-flex min-h-11 items-center gap-1 font-semibold hover:text-slate-950"
                  >
                    {c.label}
                    {sort.key !== c.key ? (
                      <ArrowUpDown className="size-4" aria-hidden="true" />
                    ) : sort.dir === 'asc' ? (
                      <ArrowUp className="size-4" aria-hidden="true" />
                    ) : (
                      <ArrowDown className="size-4" aria-hidden="true" />
                    )}
                  </button>
                </th>
              ))}
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">{t('documents.table.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((d) => (
              <tr key={d.id} className="border-b border-slate-100 last:border-0">
                <td className="px-4 py-2 font-medium [overflow-wrap:anywhere] text-slate-900">
                  {d.title} <FileExtension extension={d.extension} />
                </td>
                <td className="max-w-xs px-4 py-2 [overflow-wrap:anywhere] text-slate-700">{d.filename}</td>
                <td className="px-4 py-2 text-slate-700">{formatDate(d.uploaded_at, language)}</td>
                <td className="px-4 py-2">
                  <DocumentStatusBadge status={d.status} signed={d.signed} />
                </td>
                <td className="px-4 py-2">
                  <DocumentActions document={d} canDelete={canDelete} onDelete={() => onDelete(d)} compact />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
