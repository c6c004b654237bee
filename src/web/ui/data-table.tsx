import type { Key, ReactNode } from 'react';
import { cn } from './cn';
import { TableScroller } from './table-scroller';

/** One column: its header, what each row shows in it, and how the cell looks. */
export type DataColumn<Row> = {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The row's own name (the first column, usually): read out as the header of its row. */
  rowHeader?: boolean;
  /** Numbers: right-aligned, in even-width figures. */
  numeric?: boolean;
  /** More classes for the column's cells ('whitespace-nowrap', 'font-mono break-all'…). */
  className?: string;
};

/**
 * The firm's tables (archive, destruction records, Inzicht, audit trail, outbox): a named region
 * that scrolls sideways on a phone, a caption (hidden unless `captionVisible`), one header row
 * and a row per item, all in one look. `label` names the region and, without `caption`, the
 * table.
 */
export function DataTable<Row>({
  label,
  caption,
  captionVisible = false,
  columns,
  rows,
  rowKey,
}: {
  label: string;
  caption?: ReactNode;
  captionVisible?: boolean;
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
}) {
  return (
    <TableScroller label={label}>
      <table className="w-full text-left text-sm">
        <caption className={captionVisible ? 'p-3 text-left font-medium text-slate-900' : 'sr-only'}>
          {caption ?? label}
        </caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cn('p-3', column.numeric && 'text-right')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-200 align-top text-slate-800">
              {columns.map((column) => {
                const className = cn(
                  'p-3',
                  column.rowHeader && 'font-medium',
                  column.numeric && 'text-right tabular-nums',
                  column.className,
                );
                return column.rowHeader ? (
                  <th key={column.id} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroller>
  );
}
