import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Document } from '../../../../contract/documents';
import { DocumentCard } from './document-card';

const doc: Document = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Arbeidsovereenkomst',
  filename: null,
  mandatory: true,
  status: 'Not Uploaded',
  visible: true,
  message: null,
  uploaded_at: null,
  uploaded_by: null,
  rejected_by: null,
  approved_by: null,
  extension: null,
  temporary_url: null,
  expires_at_unix_time: null,
};

type Answer = { status: number; body: unknown } | 'hang';

/** fetch that answers uploads from a queue ('hang' waits until aborted) and everything else with an empty list. */
function stubFetch(answers: Answer[]) {
  const uploads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (!url.endsWith('/upload')) return Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200 }));
      uploads.push(url);
      const answer = answers.shift() ?? 'hang';
      if (answer === 'hang') {
        return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  return uploads;
}

function renderCard(document: Document = doc) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <DocumentCard caseId="22222222-2222-4222-8222-222222222222" document={document} onSaved={() => undefined} />
    </QueryClientProvider>,
  );
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  const choose = async (name = 'loon.pdf') => {
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], name, { type: 'application/pdf' })] } });
      await vi.advanceTimersByTimeAsync(0);
    });
  };
  return { choose };
}

describe('DocumentCard upload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the busy state, the slow notice after 2 s and a retry link after 7 s that sends the file again', async () => {
    const uploads = stubFetch(['hang', 'hang']);
    const { choose } = renderCard();
    await choose();
    expect(screen.getByText('Bezig met uploaden...')).toBeInTheDocument();
    expect(screen.queryByText('Dit duurt langer dan verwacht.')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByText('Dit duurt langer dan verwacht.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(uploads).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).toBeNull();
    expect(screen.queryByText('Dit duurt langer dan verwacht.')).toBeNull();
  });

  it('shows the first file error, else the server message, else the fallback text', async () => {
    stubFetch([
      { status: 422, body: { message: 'Kies een bestand om te uploaden.', errors: { file: ['Kies een bestand om te uploaden.'] } } },
      { status: 413, body: { message: 'Het bestand is te groot. Je kunt bestanden tot 100 MB uploaden.' } },
      { status: 500, body: null },
    ]);
    const { choose } = renderCard();
    await choose();
    expect(screen.getByRole('alert')).toHaveTextContent('Kies een bestand om te uploaden.');
    await choose();
    expect(screen.getByRole('alert')).toHaveTextContent('Het bestand is te groot. Je kunt bestanden tot 100 MB uploaden.');
    await choose();
    expect(screen.getByRole('alert')).toHaveTextContent('Er is iets fout gegaan bij het uploaden. Probeer het opnieuw.');
  });

  it('shows the rejection message and offers a new version once a file exists', () => {
    stubFetch([]);
    renderCard({ ...doc, status: 'Rejected', message: 'Onleesbaar.', filename: 'a.pdf', extension: 'pdf', uploaded_at: '2026-11-20T10:00:00Z', temporary_url: '/files/documents/x?v=1', expires_at_unix_time: 1 });
    expect(screen.getByText('Onleesbaar.')).toBeInTheDocument();
    expect(screen.getByText('Afgekeurd')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nieuwe versie uploaden/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verwijderen' })).toBeInTheDocument();
  });
});
