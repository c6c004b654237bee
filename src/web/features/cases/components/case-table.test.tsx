import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CaseListItem } from '../../../../contract/cases';
import { CaseTable } from './case-table';

const item = (n: number, pending: number): CaseListItem => ({
  id: `10000000-0000-4000-8000-00000000000${n}`,
  client_name: `Cliënt ${n}`,
  company_name: `Bedrijf ${n}`,
  status: { slug: 'check', display_name: 'Controles', order: 8 },
  offer: null,
  last_update_at: '2026-11-20T10:00:00.000Z',
  pending_documents: pending,
  stand_in_for: null,
});

describe('the case list', () => {
  it("says 'Geen nieuwe documenten' on a phone's card, where no column header explains a bare 'Geen'", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [], total: 0 }), { status: 200 }))),
    );
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CaseTable cases={[item(1, 0), item(2, 2)]} sort="client_name" dir="asc" onSort={() => undefined} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Geen nieuwe documenten');
    expect(cards[1]).toHaveTextContent('2 nieuwe documenten');
    // The table keeps the short word under its column header 'Nieuwe documenten'.
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('Geen')).toBeInTheDocument();
  });

  it("marks a case the lawyer stands in on 'Waarneming voor …', in the table and on a card, not their own", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [], total: 0 }), { status: 200 }))),
    );
    const covered = { ...item(2, 0), stand_in_for: 'Vera van Vast' };
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CaseTable cases={[item(1, 0), covered]} sort="client_name" dir="asc" onSort={() => undefined} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const [own, standIn] = screen.getAllByRole('row').slice(1);
    expect(within(standIn!).getByText('Waarneming voor Vera van Vast')).toBeInTheDocument();
    expect(own).not.toHaveTextContent('Waarneming');
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards[1]).toHaveTextContent('Waarneming voor Vera van Vast');
    expect(cards[0]).not.toHaveTextContent('Waarneming');
  });
});
