import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Document } from '../../../contract/documents';
import { CaseDocumentsTab } from './case-documents-tab';

const CASE_ID = '22222222-2222-4222-8222-222222222222';

const base: Document = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Arbeidsovereenkomst',
  filename: 'contract.pdf',
  mandatory: true,
  status: 'Uploaded',
  visible: true,
  message: null,
  uploaded_at: '2026-11-20T10:00:00.000Z',
  uploaded_by: { id: '44444444-4444-4444-8444-444444444444', name: 'Fenna', infix: null, last_name: 'Bakker', full_name: 'Fenna Bakker', email: 'client05@example.com' },
  rejected_by: null,
  approved_by: null,
  extension: 'pdf',
  temporary_url: '/files/documents/1?sig=x',
  expires_at_unix_time: 1_800_000_000,
};

function renderTab(documents: Document[]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
      const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      if (method === 'GET') return json({ data: documents });
      if (url.endsWith('/review')) return json({ data: { ...base, status: 'Rejected' } });
      if (url.endsWith('/set-visibility')) return json({ data: { ...documents[0], visible: false } });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  const onCaseChanged = vi.fn(() => Promise.resolve());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CaseDocumentsTab caseId={CASE_ID} clientEmail="client05@example.com" onCaseChanged={onCaseChanged} />
    </QueryClientProvider>,
  );
  return { calls, onCaseChanged };
}

describe('CaseDocumentsTab', () => {
  it("says 'Nog niet aangeleverd.' for empty sections", async () => {
    renderTab([]);
    expect(await screen.findAllByText('Nog niet aangeleverd.')).toHaveLength(2);
  });

  it('rejects with the reason (an empty one allowed) and refetches the case', async () => {
    const { calls, onCaseChanged } = renderTab([base]);
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' });
    expect(within(card).getByText('Geüpload')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Stuur client bericht' })).toHaveAttribute('href', expect.stringMatching(/^mailto:client05@example\.com/) as string);
    fireEvent.click(within(card).getByRole('button', { name: /^Afkeuren/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Document afkeuren' });
    expect(within(dialog).getByPlaceholderText('Geef een reden...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Annuleren' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verstuur' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/review'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/review'))?.body).toEqual({ status: 'Rejected', message: '' });
    await waitFor(() => expect(onCaseChanged).toHaveBeenCalled());
  });

  it("shows the general documents with the uploader and the 'Zichtbaar voor client' switch", async () => {
    const general = { ...base, id: '55555555-5555-4555-8555-555555555555', mandatory: false, title: 'Brief' };
    const { calls } = renderTab([general]);
    const item = await screen.findByRole('article', { name: 'Brief' });
    expect(within(item).getByText('Fenna Bakker')).toBeInTheDocument();
    const toggle = within(item).getByRole('switch', { name: /Zichtbaar voor client/ });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/set-visibility'))?.body).toEqual({ visible: false }));
  });
});
