import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { makeDocument } from '../../test/fixtures';
import type { Document } from '../../../contract/documents';
import type { DocumentLockFacts } from '../../../contract/rules/document-lock';
import { installFakeUpload } from '../../test/fake-upload';
import { CaseDocumentsTab } from './case-documents-tab';

const CASE_ID = '22222222-2222-4222-8222-222222222222';

const base: Document = makeDocument({
  title: 'Arbeidsovereenkomst',
  filename: 'contract.pdf',
  mandatory: true,
  uploaded_by: {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Fenna',
    infix: null,
    last_name: 'Bakker',
    full_name: 'Fenna Bakker',
    email: 'client05@example.com',
  },
});

function renderTab(documents: Document[], lockFacts: DocumentLockFacts | null = null) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
      const json = (body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
        );
      if (method === 'GET') return json({ data: documents });
      if (url.endsWith('/review')) return json({ data: { ...base, status: 'Rejected' } });
      if (url.endsWith('/set-visibility')) return json({ data: { ...documents[0], visible: false } });
      return Promise.resolve(new Response(null, { status: 204 }));
    }),
  );
  const onCaseChanged = vi.fn(() => Promise.resolve());
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <CaseDocumentsTab
          caseId={CASE_ID}
          clientEmail="client05@example.com"
          lockFacts={lockFacts}
          onCaseChanged={onCaseChanged}
        />
      </QueryClientProvider>
    </MemoryRouter>,
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

  it('locked document (signed engagement letter): approve, preview, download; no reject, version, delete', async () => {
    const user = userEvent.setup();
    const signed = {
      ...base,
      id: '66666666-6666-4666-8666-666666666666',
      mandatory: false,
      title: 'Opdrachtbevestiging (getekend)',
      locked: true,
    };
    const open = { ...base, id: '77777777-7777-4777-8777-777777777777', mandatory: false, title: 'Brief' };
    renderTab([signed, open]);
    const item = await screen.findByRole('article', { name: 'Opdrachtbevestiging (getekend)' });
    expect(within(item).getByRole('button', { name: /^Goedkeuren/ })).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Afkeuren/ })).not.toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Meer acties: Opdrachtbevestiging (getekend)' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Downloaden', 'Stuur client bericht']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const other = screen.getByRole('article', { name: 'Brief' });
    await user.click(within(other).getByRole('button', { name: 'Meer acties: Brief' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Downloaden', 'Stuur client bericht', 'Nieuwe versie uploaden', 'Verwijderen']);
  });

  it("offers no 'Verwijderen' under a legal hold and says why; a new version stays possible", async () => {
    const user = userEvent.setup();
    const letter: Document = { ...base, id: '55555555-5555-4555-8555-555555555555', mandatory: false, title: 'Brief' };
    renderTab([base, letter], { status: 'check', legalHold: true });
    await screen.findByText('Voor dit dossier geldt een bewaarplicht: documenten kunnen niet worden verwijderd.');
    for (const name of ['Arbeidsovereenkomst', 'Brief']) {
      await user.click(
        within(screen.getByRole('article', { name })).getByRole('button', { name: `Meer acties: ${name}` }),
      );
      const menu = await screen.findByRole('menu');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((i) => i.textContent),
      ).toEqual(['Downloaden', 'Stuur client bericht', 'Nieuwe versie uploaden']);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    }
  });

  it('shows the lawyer no button on a closed case: no review, visibility, version or delete; says why', async () => {
    const user = userEvent.setup();
    const uploaded: Document = { ...base, status: 'Uploaded' };
    const letter: Document = { ...base, id: '55555555-5555-4555-8555-555555555555', mandatory: false, title: 'Brief' };
    renderTab([uploaded, letter], { status: 'completed', legalHold: false });
    await screen.findByText(/Dit dossier is afgesloten: de documenten blijven bewaard/);
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' });
    expect(within(card).queryByRole('button', { name: /Goedkeuren/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Afkeuren/ })).toBeNull();
    expect(screen.queryByText('Zichtbaar voor client')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Meer acties: Arbeidsovereenkomst' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Downloaden', 'Stuur client bericht']);
  });

  it("a confirmed delete focuses the general section's or the mandatory card's heading, never <body>", async () => {
    const user = userEvent.setup();
    const letter: Document = { ...base, id: '55555555-5555-4555-8555-555555555555', mandatory: false, title: 'Brief' };
    const { calls } = renderTab([base, letter]);
    const remove = async (name: string) => {
      await user.click(
        within(await screen.findByRole('article', { name })).getByRole('button', { name: `Meer acties: ${name}` }),
      );
      await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: `Verwijderen: ${name}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Document verwijderen' });
      await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    await remove('Brief');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Overige documenten' })),
    );
    await remove('Arbeidsovereenkomst');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Arbeidsovereenkomst' })),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/documents/${letter.id}`,
      `/api/documents/${base.id}`,
    ]);
  });

  it('shows Bekijken, Goedkeuren and Afkeuren on the card and the rest behind an accessible menu button', async () => {
    const user = userEvent.setup();
    renderTab([base]);
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' });
    const visible = within(card)
      .getAllByRole('button')
      .map((b) => b.textContent?.trim());
    expect(visible).toEqual(['Bekijken', 'Goedkeuren', 'Afkeuren', 'Meer acties']);
    const more = within(card).getByRole('button', { name: 'Meer acties: Arbeidsovereenkomst' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    expect(within(menu).getByRole('menuitem', { name: 'Stuur client bericht: Arbeidsovereenkomst' })).toHaveAttribute(
      'href',
      `/dossiers/${CASE_ID}/berichten`,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(more).toHaveFocus());
  });

  it('takes an upload and a new version by drag and drop, with the percentage; no drop zone when locked', async () => {
    const uploads = installFakeUpload();
    const missing = {
      ...base,
      id: '88888888-8888-4888-8888-888888888888',
      title: 'Loonstrook',
      status: 'Not Uploaded' as const,
      filename: null,
      uploaded_at: null,
      uploaded_by: null,
      extension: null,
      temporary_url: null,
      expires_at_unix_time: null,
    };
    const signed = {
      ...base,
      id: '66666666-6666-4666-8666-666666666666',
      mandatory: false,
      title: 'Opdrachtbevestiging (getekend)',
      locked: true,
    };
    renderTab([base, missing, signed]);
    const empty = await screen.findByRole('article', { name: 'Loonstrook' });
    const emptyZone = within(empty).getByTestId('drop-zone');
    expect(within(emptyZone).getByRole('button', { name: 'Uploaden: Loonstrook' })).toBeInTheDocument();
    expect(emptyZone).toHaveTextContent('of sleep je bestand hierheen');
    const card = screen.getByRole('article', { name: 'Arbeidsovereenkomst' });
    const zone = within(card).getByTestId('drop-zone');
    expect(zone).toHaveTextContent('Sleep een nieuw bestand hierheen voor een nieuwe versie');
    // Only a drop target (the chooser is in the menu): hidden on a phone, where nothing can be dragged, unless its
    // upload runs.
    expect(zone).toHaveClass('hidden', 'sm:flex');
    expect(emptyZone).not.toHaveClass('hidden');
    expect(
      within(screen.getByRole('article', { name: 'Opdrachtbevestiging (getekend)' })).queryByTestId('drop-zone'),
    ).toBeNull();

    const file = new File(['%PDF-1.4'], 'nieuw.pdf', { type: 'application/pdf' });
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe(`/api/documents/${base.id}/upload`);
    act(() => uploads[0]?.progress(75, 100));
    expect(within(zone).getByRole('progressbar', { name: 'Voortgang van het uploaden' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(zone).toHaveTextContent('75%');
    expect(zone).not.toHaveClass('hidden');
    await act(async () => uploads[0]?.finish(200, { data: base }));
    await waitFor(() => expect(within(zone).queryByRole('progressbar')).toBeNull());

    fireEvent.drop(emptyZone, { dataTransfer: { files: [file] } });
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]?.url).toBe(`/api/documents/${missing.id}/upload`);
    act(() => uploads[1]?.progress(10, 100));
    expect(emptyZone).toHaveTextContent('10%');
    await act(async () => uploads[1]?.finish(200, { data: missing }));
  });

  it('approves and rejects inside the full-screen preview', async () => {
    const user = userEvent.setup();
    const second = { ...base, id: '88888888-8888-4888-8888-888888888888', title: 'Loonstrook' };
    const { calls } = renderTab([base, second]);
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' });
    await user.click(within(card).getByRole('button', { name: 'Bekijken: Arbeidsovereenkomst' }));
    const preview = await screen.findByRole('dialog', { name: /Arbeidsovereenkomst/ });
    await user.click(within(preview).getByRole('button', { name: 'Goedkeuren: Arbeidsovereenkomst' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/review')).map((c) => [c.url, c.body])).toEqual([
        [`/api/documents/${base.id}/review`, { status: 'Approved' }],
      ]),
    );
    await user.keyboard('{ArrowRight}');
    const next = await screen.findByRole('dialog', { name: /Loonstrook/ });
    await user.click(within(next).getByRole('button', { name: 'Afkeuren: Loonstrook' }));
    const reject = await screen.findByRole('dialog', { name: 'Document afkeuren' });
    await user.type(within(reject).getByPlaceholderText('Geef een reden...'), 'Onleesbaar');
    await user.click(within(reject).getByRole('button', { name: 'Verstuur' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith('/review')).at(-1)).toMatchObject({
        url: `/api/documents/${second.id}/review`,
        body: { status: 'Rejected', message: 'Onleesbaar' },
      }),
    );
    expect(screen.getByRole('dialog', { name: /Loonstrook/ })).toBeInTheDocument();
  });

  it('keeps an approval shown in the preview when a slideshow fetch from before it answers afterwards', async () => {
    // The server's documents: the approval changes them. Every GET answers what it read when it arrived; the first
    // slideshow fetch (started when the preview opens) is held until the test lets it answer, as a slow server would.
    let current: Document[] = [base];
    const calls: { method: string; url: string }[] = [];
    let releaseFirstSlideshow: (() => void) | undefined;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? 'GET';
        calls.push({ method, url });
        if (method === 'POST' && url.endsWith('/review')) {
          current = current.map((d) => (d.id === base.id ? { ...d, status: 'Approved' as const } : d));
          return Promise.resolve(json({ data: current[0] }));
        }
        if (method !== 'GET') return Promise.resolve(new Response(null, { status: 204 }));
        const read = current;
        if (url.endsWith('/slideshow') && !releaseFirstSlideshow) {
          return new Promise<Response>((resolve, reject) => {
            releaseFirstSlideshow = () => resolve(json({ data: read }));
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          });
        }
        return Promise.resolve(json({ data: read }));
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <CaseDocumentsTab caseId={CASE_ID} clientEmail={null} onCaseChanged={() => Promise.resolve()} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' });
    await user.click(within(card).getByRole('button', { name: 'Bekijken: Arbeidsovereenkomst' }));
    const preview = await screen.findByRole('dialog', { name: /Arbeidsovereenkomst/ });
    await waitFor(() => expect(releaseFirstSlideshow).toBeDefined());

    await user.click(within(preview).getByRole('button', { name: 'Goedkeuren: Arbeidsovereenkomst' }));
    await within(card).findByText('Goedgekeurd');
    await waitFor(() =>
      expect(within(preview).queryByRole('button', { name: 'Goedkeuren: Arbeidsovereenkomst' })).toBeNull(),
    );

    // The slideshow read before the approval now answers: it must not bring the document back as 'Geüpload'.
    await act(async () => {
      releaseFirstSlideshow?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(within(preview).queryByRole('button', { name: 'Goedkeuren: Arbeidsovereenkomst' })).toBeNull();
    expect(within(card).getByText('Goedgekeurd')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/review')).map((c) => c.method)).toEqual(['POST']);
  });

  it("returns focus to 'Bekijken' when Escape closes the preview, also after moving to another document", async () => {
    const user = userEvent.setup();
    const second = { ...base, id: '88888888-8888-4888-8888-888888888888', title: 'Loonstrook' };
    renderTab([base, second]);
    const card = await screen.findByRole('article', { name: 'Arbeidsovereenkomst' });
    const open = within(card).getByRole('button', { name: 'Bekijken: Arbeidsovereenkomst' });
    open.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: /Arbeidsovereenkomst/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Bekijken: Arbeidsovereenkomst' })),
    );

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: /Arbeidsovereenkomst/ });
    await user.keyboard('{ArrowRight}');
    await screen.findByRole('dialog', { name: /Loonstrook/ });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Bekijken: Arbeidsovereenkomst' })),
    );
  });

  it("downloads every document as one zip with 'Alle documenten downloaden (zip)'", async () => {
    const { calls } = renderTab([base]);
    const createObjectURL = vi.fn(() => 'blob:zip');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    fireEvent.click(await screen.findByRole('button', { name: 'Alle documenten downloaden (zip)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.filter((c) => c.url.endsWith(`/api/cases/${CASE_ID}/export`)).map((c) => c.method)).toEqual(['GET']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the client's signed engagement letter as 'Getekend', no 'Goedkeuren' (nothing to review)", async () => {
    const signed: Document = {
      ...base,
      id: '66666666-6666-4666-8666-666666666666',
      mandatory: false,
      title: 'Opdrachtbevestiging (getekend)',
      status: 'Uploaded',
      locked: true,
      signed: true,
    };
    renderTab([base, signed]);
    const card = await screen.findByRole('article', { name: 'Opdrachtbevestiging (getekend)' });
    expect(within(card).getByText('Getekend')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Goedkeuren/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /Afkeuren/ })).toBeNull();
    // An ordinary uploaded document still waits for review.
    expect(
      within(screen.getByRole('article', { name: 'Arbeidsovereenkomst' })).getByRole('button', {
        name: 'Goedkeuren: Arbeidsovereenkomst',
      }),
    ).toBeInTheDocument();
  });
});
