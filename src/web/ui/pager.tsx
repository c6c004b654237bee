import type { ReactNode } from 'react';
import { Button } from './button';

interface PagerProps {
  /** The navigation landmark's name. */
  label: string;
  page: number;
  hasNext: boolean;
  onPage: (page: number) => void;
  previous: string;
  next: string;
  /** A line before the buttons, such as 'Pagina 2 van 5 (93 dossiers)'. */
  summary?: ReactNode;
}

/** 'Vorige' and 'Volgende' for a paged list, in a labelled navigation landmark. */
export function Pager({ label, page, hasNext, onPage, previous, next, summary }: PagerProps) {
  const buttons = (
    <>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previous}
      </Button>
      <Button variant="secondary" disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {next}
      </Button>
    </>
  );
  if (summary === undefined) {
    return (
      <nav aria-label={label} className="flex gap-3">
        {buttons}
      </nav>
    );
  }
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-slate-800">{summary}</p>
      <div className="flex gap-2">{buttons}</div>
    </nav>
  );
}
