import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Document } from '../../../../contract/documents';
import { installFakeUpload } from '../../../test/fake-upload';
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

/**
 * Refetches after an upload go through fetch and get an empty list; uploads through the shared fake XHR, answered by
 * the test.
 */
function stubUploads() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200 }))),
  );
  return installFakeUpload();
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

  it('shows the busy state, the slow notice after 2 s and a retry link after 7 s that resends the file', async () => {
    const uploads = stubUploads();
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
    const uploads = stubUploads();
    const { choose } = renderCard();
    const answers: [number, unknown][] = [
      [422, { message: 'Kies een bestand om te uploaden.', errors: { file: ['Kies een bestand om te uploaden.'] } }],
      [413, { message: 'Het bestand is te groot. Je kunt bestanden tot 100 MB uploaden.' }],
      [500, null],
    ];
    const shown = [
      'Kies een bestand om te uploaden.',
      'Het bestand is te groot. Je kunt bestanden tot 100 MB uploaden.',
      'Er is iets fout gegaan bij het uploaden. Probeer het opnieuw.',
    ];
    for (const [index, [status, body]] of answers.entries()) {
      await choose();
      await act(async () => uploads[index]?.finish(status, body));
      expect(screen.getByRole('alert')).toHaveTextContent(shown[index] as string);
    }
  });

  it('shows the rejection message and offers a new version once a file exists', () => {
    stubUploads();
    renderCard({
      ...doc,
      status: 'Rejected',
      message: 'Onleesbaar.',
      filename: 'a.pdf',
      extension: 'pdf',
      uploaded_at: '2026-11-20T10:00:00Z',
      temporary_url: '/files/documents/x?v=1',
      expires_at_unix_time: 1,
    });
    expect(screen.getByText('Onleesbaar.')).toBeInTheDocument();
    expect(screen.getByText('Afgekeurd')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nieuwe versie uploaden/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verwijderen: Arbeidsovereenkomst' })).toBeInTheDocument();
  });

  it('is a drop zone: a dropped file is uploaded and the percentage sent is shown, not only a spinner', async () => {
    const uploads = stubUploads();
    renderCard();
    const zone = screen.getByTestId('drop-zone');
    expect(zone).toHaveTextContent('of sleep je bestand hierheen');
    const file = new File(['%PDF-1.4'], 'loon.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.dragOver(zone, { dataTransfer: { files: [file], dropEffect: 'none' } });
      fireEvent.drop(zone, { dataTransfer: { files: [file] } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(uploads.map((u) => u.url)).toEqual(['/api/documents/11111111-1111-4111-8111-111111111111/upload']);
    act(() => uploads[0]?.progress(50, 100));
    const bar = screen.getByRole('progressbar', { name: 'Voortgang van het uploaden' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(zone).toHaveTextContent('50%');
    await act(async () => uploads[0]?.finish(200, { data: { ...doc, status: 'Uploaded' } }));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
