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
  locked: false,
  temporary_url: null,
  expires_at_unix_time: null,
};

type Answer = { status: number; body: unknown } | 'hang';

/**
 * Uploads go through XMLHttpRequest (it reports upload progress); this one answers from a queue
 * ('hang' waits until aborted), reporting half and then all of the file sent first. Other
 * requests (refetches) go through fetch and get an empty list.
 */
function stubFetch(answers: Answer[]) {
  const uploads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200 }))),
  );
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }
    abort() {
      this.onabort?.();
    }
    send() {
      uploads.push(this.url);
      const answer = answers.shift() ?? 'hang';
      if (answer === 'hang') return;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 10);
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
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
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('alert')).toHaveTextContent('Kies een bestand om te uploaden.');
    await choose();
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(screen.getByRole('alert')).toHaveTextContent('Het bestand is te groot. Je kunt bestanden tot 100 MB uploaden.');
    await choose();
    await act(async () => vi.advanceTimersByTimeAsync(50));
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

  it('is a drop zone: a dropped file is uploaded and the percentage sent is shown, not only a spinner', async () => {
    const uploads = stubFetch([{ status: 200, body: { data: { ...doc, status: 'Uploaded' } } }]);
    renderCard();
    const zone = screen.getByTestId('drop-zone');
    expect(zone).toHaveTextContent('of sleep je bestand hierheen');
    const file = new File(['%PDF-1.4'], 'loon.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.dragOver(zone, { dataTransfer: { files: [file], dropEffect: 'none' } });
      fireEvent.drop(zone, { dataTransfer: { files: [file] } });
      await vi.advanceTimersByTimeAsync(15);
    });
    expect(uploads).toEqual(['/api/documents/11111111-1111-4111-8111-111111111111/upload']);
    const bar = screen.getByRole('progressbar', { name: 'Voortgang van het uploaden' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(zone).toHaveTextContent('50%');
    await act(async () => vi.advanceTimersByTimeAsync(50));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
