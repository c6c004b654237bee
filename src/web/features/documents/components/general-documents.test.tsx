import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDocument } from '../../../test/fixtures';
import type { Document } from '../../../../contract/documents';
import { hasUnsavedChanges } from '../../../lib/unsaved-changes';
import { installFakeUpload } from '../../../test/fake-upload';
import { GeneralDocuments } from './general-documents';

const uploaded: Document = makeDocument();
// What the API sends for the engagement letter: a document the client can read but never delete (409).
const letter: Document = {
  ...uploaded,
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Opdrachtbevestiging',
  filename: 'opdrachtbevestiging.pdf',
  status: 'Approved',
  locked: true,
};

function renderGeneral(documents: Document[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GeneralDocuments caseId="22222222-2222-4222-8222-222222222222" documents={documents} onSaved={() => undefined} />
    </QueryClientProvider>,
  );
}

describe("GeneralDocuments ('Overige documenten')", () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200 }))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers no delete button on a locked document (engagement letter), in the table and the narrow list', () => {
    renderGeneral([uploaded, letter]);
    const table = screen.getByRole('table');
    const list = screen.getByRole('list', { name: 'Overige documenten' });
    for (const container of [table, list]) {
      expect(within(container).getAllByRole('button', { name: 'Verwijderen: Brief werkgever' })).toHaveLength(1);
      expect(within(container).queryByRole('button', { name: 'Verwijderen: Opdrachtbevestiging' })).toBeNull();
    }
    const letterRow = within(table).getByRole('row', { name: /Opdrachtbevestiging/ });
    expect(within(letterRow).getByRole('button', { name: 'Downloaden: Opdrachtbevestiging' })).toBeInTheDocument();
    expect(within(letterRow).queryByRole('button', { name: /Verwijder/ })).toBeNull();
    const letterItem = within(list)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('Opdrachtbevestiging'));
    expect(letterItem).toBeDefined();
    expect(
      within(letterItem as HTMLElement).getByRole('button', { name: 'Downloaden: Opdrachtbevestiging' }),
    ).toBeInTheDocument();
    expect(within(letterItem as HTMLElement).queryByRole('button', { name: /Verwijderen/ })).toBeNull();
  });

  it("adds a document by drop zone: a dropped file is chosen, 'Toevoegen' sends it, the percentage shows", async () => {
    const uploads = installFakeUpload();
    renderGeneral([]);
    const zone = screen.getByTestId('drop-zone');
    expect(zone).toHaveTextContent('of sleep je bestand hierheen');
    expect(within(zone).getByRole('button', { name: /Bestand kiezen/ })).toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.change(screen.getByLabelText('Titel'), { target: { value: 'Brief van werkgever' } });
    expect(hasUnsavedChanges()).toBe(true);
    const file = new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(screen.getByText('Gekozen bestand: brief.pdf')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe('/api/cases/22222222-2222-4222-8222-222222222222/documents');
    expect(uploads[0]?.body?.get('title')).toBe('Brief van werkgever');
    act(() => uploads[0]?.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Voortgang van het uploaden' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(zone).toHaveTextContent('40%');
    await act(async () => uploads[0]?.finish(201, { data: { ...uploaded, title: 'Brief van werkgever' } }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
  });
});
