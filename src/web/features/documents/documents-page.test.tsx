import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Document } from '../../../contract/documents';
import type { StatusSlug } from '../../../contract/statuses';
import { makeClientCaseView, makeDocument, makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { installFakeUpload } from '../../test/fake-upload';
import { renderApp } from '../../test/render-app';

const client = makeUser('client');
const CASE_ID = '20000000-0000-4000-8000-000000000000';

const general: Document = makeDocument();
const mandatory: Document = {
  ...general,
  id: '33333333-3333-4333-8333-333333333333',
  title: 'Arbeidsovereenkomst',
  filename: 'contract.pdf',
  mandatory: true,
};

/**
 * The documents page over a list that loses a document once DELETE /api/documents/{id} is answered (a mandatory one
 * loses its file).
 */
function setup(
  documents: Document[],
  {
    status = 'lead',
    legalHold = false,
    maxUploadMb = site.max_upload_mb,
  }: { status?: StatusSlug; legalHold?: boolean; maxUploadMb?: number } = {},
) {
  let list = documents;
  installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: { ...site, max_upload_mb: maxUploadMb } } }),
    on('GET', '/api/user', { status: 200, body: { data: client } }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    on('GET', '/api/cases/mine', () => ({
      status: 200,
      body: { data: makeClientCaseView(CASE_ID, status, { documents: list, legal_hold: legalHold }) },
    })),
    on('GET', `/api/cases/${CASE_ID}/documents`, () => ({ status: 200, body: { data: list } })),
    (request) => {
      if (request.method !== 'DELETE') return undefined;
      const id = request.path.split('/').at(-1);
      list = list.flatMap((d) =>
        d.id !== id
          ? [d]
          : d.mandatory
            ? [
                {
                  ...d,
                  status: 'Not Uploaded' as const,
                  filename: null,
                  temporary_url: null,
                  uploaded_at: null,
                  extension: null,
                },
              ]
            : [],
      );
      return { status: 204 };
    },
  );
  renderApp('/documenten', { user: client });
}

describe('/documenten: the focus after deleting a document', () => {
  it("goes to the heading 'Overige documenten' when the deleted document's row is gone", async () => {
    setup([general]);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    within(table).getByRole('button', { name: 'Verwijderen: Brief werkgever' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Document verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Overige documenten' })),
    );
  }, 30_000);

  it("goes to the card's heading when a mandatory document loses its file", async () => {
    setup([mandatory]);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' }, { timeout: 15_000 });
    await user.click(within(card).getByRole('button', { name: 'Verwijderen: Arbeidsovereenkomst' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: 'Verwijderen: Arbeidsovereenkomst' })).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Arbeidsovereenkomst' })),
    );
  }, 30_000);

  it('goes back to the delete button when the dialog is cancelled', async () => {
    setup([general]);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    const remove = within(table).getByRole('button', { name: 'Verwijderen: Brief werkgever' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Document verwijderen' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(document.activeElement).toBe(remove));
  }, 30_000);
});

describe('/documenten: progress and document buttons', () => {
  it("a rejected document is still to deliver: no '100%' or 'alle verplichte documenten aangeleverd'", async () => {
    const rejected: Document = { ...mandatory, status: 'Rejected', message: 'Onleesbaar' };
    const approved: Document = {
      ...mandatory,
      id: '44444444-4444-4444-8444-444444444444',
      title: 'Loonstrook',
      status: 'Approved',
    };
    setup([rejected, approved]);
    const progress = await screen.findByRole('progressbar', {}, { timeout: 15_000 });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(screen.queryByText('Je hebt alle verplichte documenten aangeleverd.')).toBeNull();
  }, 30_000);

  it("names each document button with its document: 'Verwijderen: Arbeidsovereenkomst'", async () => {
    setup([mandatory]);
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' }, { timeout: 15_000 });
    expect(within(card).getByRole('button', { name: 'Verwijderen: Arbeidsovereenkomst' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Downloaden: Arbeidsovereenkomst' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /^Bekijken: Arbeidsovereenkomst/ })).toBeInTheDocument();
  }, 30_000);

  it("shows the signed engagement letter as 'Getekend'", async () => {
    setup([{ ...general, title: 'Opdrachtbevestiging (getekend)', status: 'Approved', locked: true, signed: true }]);
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    expect(within(table).getByText('Getekend')).toBeInTheDocument();
    expect(within(table).queryByText('Goedgekeurd')).toBeNull();
  }, 30_000);
});

describe('/documenten: a closed case or a legal hold keeps the documents as they are', () => {
  const withFile: Document = { ...mandatory, status: 'Approved' };
  const empty: Document = {
    ...mandatory,
    id: '55555555-5555-4555-8555-555555555555',
    title: 'Loonstrook',
    status: 'Not Uploaded',
    filename: null,
    temporary_url: null,
    uploaded_at: null,
    extension: null,
  };

  /** The buttons that would change a document: delete, upload and new version. */
  const changeButtons = () =>
    screen.queryAllByRole('button', { name: /^(Verwijderen|Uploaden|Nieuwe versie uploaden)/ });

  it.each(['ready-for-invoicing', 'completed'] as const)(
    "hides delete, upload and new version at '%s', and says why",
    async (status) => {
      setup([withFile, empty, general], { status });
      await screen.findByText(
        'Dit dossier is afgesloten. Je documenten blijven bewaard, maar je kunt ze niet meer vervangen of verwijderen.',
        {},
        { timeout: 15_000 },
      );
      const card = screen.getByRole('article', { name: 'Arbeidsovereenkomst' });
      expect(within(card).getByRole('button', { name: 'Downloaden: Arbeidsovereenkomst' })).toBeInTheDocument();
      expect(screen.getByRole('table')).toBeInTheDocument();
      expect(changeButtons()).toEqual([]);
    },
    30_000,
  );

  it('hides them under a legal hold in any phase, with the legal hold as the reason', async () => {
    setup([withFile, empty, general], { status: 'reviewing-documents', legalHold: true });
    await screen.findByText(
      'Dit dossier is afgesloten voor wijzigingen: er geldt een bewaarplicht. ' +
        'Documenten kunnen niet worden verwijderd of vervangen.',
      {},
      { timeout: 15_000 },
    );
    screen.getByRole('article', { name: 'Arbeidsovereenkomst' });
    expect(changeButtons()).toEqual([]);
  }, 30_000);

  it('keeps them before that, without a hold, and says nothing', async () => {
    setup([withFile, empty, general], { status: 'ready-for-signing' });
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' }, { timeout: 15_000 });
    expect(within(card).getByRole('button', { name: 'Verwijderen: Arbeidsovereenkomst' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Nieuwe versie uploaden/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Loonstrook' })).getByRole('button', { name: /^Uploaden/ }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('table')).getByRole('button', { name: 'Verwijderen: Brief werkgever' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Dit dossier is afgesloten/)).toBeNull();
  }, 30_000);
});

describe('/documenten: accepted types and the size limit, before a file is sent', () => {
  const empty: Document = {
    ...mandatory,
    status: 'Not Uploaded',
    filename: null,
    temporary_url: null,
    uploaded_at: null,
    extension: null,
  };
  const ACCEPTED =
    'Toegestaan: PDF, JPG, PNG, HEIC, WebP, TIFF, SVG, Word (DOC, DOCX), Excel (XLS, XLSX), ' +
    'ODT, ODS, RTF, TXT, EML, MSG (tot 100 MB).';

  it('names the accepted types and the limit beside every file picker, as its description', async () => {
    setup([empty]);
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' }, { timeout: 15_000 });
    const upload = within(card).getByRole('button', { name: /^Uploaden/ });
    await waitFor(() => expect(upload).toHaveAccessibleDescription(ACCEPTED));
    const form = screen.getByRole('heading', { name: 'Document toevoegen' }).closest('form') as HTMLElement;
    expect(within(form).getByText(ACCEPTED)).toBeInTheDocument();
    // One list per picker: the card and the form to add a document.
    expect(screen.getAllByText(ACCEPTED)).toHaveLength(2);
  }, 30_000);

  it('refuses a file over the limit with a Dutch message, and sends nothing', async () => {
    const uploads = installFakeUpload();
    setup([empty], { maxUploadMb: 1 });
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' }, { timeout: 15_000 });
    await within(card).findByText(/\(tot 1 MB\)\.$/);
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(
      input,
      new File([new Uint8Array(1024 * 1024 + 1)], 'scan-groot.pdf', { type: 'application/pdf' }),
    );
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'scan-groot.pdf is te groot. Je kunt bestanden tot 1 MB uploaden.',
    );
    expect(uploads).toEqual([]);
    // A file within the limit goes up as before, and the message goes away.
    await user.upload(input, new File([new Uint8Array(1024 * 1024)], 'scan.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(within(card).queryByText(/is te groot/)).toBeNull();
  }, 30_000);
});
