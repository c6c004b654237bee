import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../contract/messages';
import type { StatusSlug } from '../../../contract/statuses';
import { installFakeFetch, on, type FakeResponse } from '../../test/fake-fetch';
import { installFakeUpload } from '../../test/fake-upload';
import { site } from '../../test/fixtures';
import { hasUnsavedChanges } from '../../lib/unsaved-changes';
import { i18n } from '../../lib/i18n';
import { ChatView } from './components/chat-view';
import { splitLinks } from './components/message-text';

const CASE_ID = '00000000-0000-4000-8000-00000000c0de';
const person = (id: string, name: string) => ({
  id,
  name,
  infix: null,
  last_name: null,
  full_name: name,
  email: `${name}@example.com`,
});
const now = Date.now();
const fromLawyer: Message = {
  id: '00000000-0000-4000-8000-000000000001',
  case_id: CASE_ID,
  author: person('00000000-0000-4000-8000-0000000000aa', 'Sanne'),
  author_role: 'lawyer',
  author_stand_in: false,
  text: 'Lees https://example.com/uitleg. <b>niet vet</b>',
  attachment: null,
  created_at: new Date(now - 86_400_000).toISOString(),
  read_at: null,
};
const mine: Message = {
  id: '00000000-0000-4000-8000-000000000002',
  case_id: CASE_ID,
  author: person('00000000-0000-4000-8000-0000000000bb', 'Kees'),
  author_role: 'client',
  author_stand_in: false,
  text: 'Dank je!',
  attachment: {
    id: '00000000-0000-4000-8000-0000000000dd',
    title: 'contract.pdf',
    filename: 'contract.pdf',
    extension: 'pdf',
  },
  created_at: new Date(now - 5_000).toISOString(),
  read_at: new Date(now - 2_000).toISOString(),
};

function renderChat(sendAnswer?: FakeResponse, maxUploadMb = site.max_upload_mb, status?: StatusSlug) {
  const fake = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: { ...site, max_upload_mb: maxUploadMb } } }),
    on('GET', `/api/cases/${CASE_ID}/messages`, { status: 200, body: { data: [mine, fromLawyer], next_cursor: null } }),
    on('POST', `/api/cases/${CASE_ID}/messages/read`, {
      status: 200,
      body: { data: { case_id: CASE_ID, read_at: new Date().toISOString(), marked: 1 } },
    }),
    on(
      'POST',
      `/api/cases/${CASE_ID}/messages`,
      (request) =>
        sendAnswer ?? {
          status: 201,
          body: {
            data: {
              ...mine,
              id: '00000000-0000-4000-8000-000000000003',
              text: (request.body as { text: string }).text,
              attachment: null,
              read_at: null,
            },
          },
        },
    ),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ChatView
          caseId={CASE_ID}
          myRole="client"
          counterpart={{ name: 'Sanne Jansen', subtitle: 'Arbeidsrechtjurist' }}
          status={status}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return fake;
}

describe('the chat view', () => {
  it("shows no composer on a 'Voltooid' case, but how to reach the firm; no attachment once it is closed", async () => {
    renderChat(undefined, site.max_upload_mb, 'completed');
    expect(
      await screen.findByText(
        'Je dossier is voltooid: hier kun je geen berichten meer sturen. Heb je nog een vraag? Mail naar ' +
          'support@example.com of bel 010 123 45 67.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nieuw bericht' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Verwijder/ })).toBeNull();
    cleanup();
    renderChat(undefined, site.max_upload_mb, 'ready-for-invoicing');
    const composer = await screen.findByRole('form', { name: 'Nieuw bericht' });
    expect(within(composer).queryByRole('button', { name: 'Bijlage toevoegen' })).toBeNull();
  });

  it("says a message is too long when the server's 422 gives that text in the reader's language", async () => {
    renderChat({
      status: 422,
      body: {
        message: 'Een bericht mag maximaal 5.000 tekens hebben.',
        errors: { text: ['Een bericht mag maximaal 5.000 tekens hebben.'] },
      },
    });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Bericht' }), 'hallo{Enter}');
    expect(await screen.findByText('Een bericht mag maximaal 5.000 tekens hebben.')).toBeInTheDocument();
    expect(screen.queryByText('Je bericht bevat ongeldige tekens.')).toBeNull();
  });

  it('shows text as text with safe links, day separators and read marks; marks the lawyer’s message read', async () => {
    const { calls } = renderChat();
    expect(screen.getByRole('heading', { name: 'Sanne Jansen' })).toBeInTheDocument();
    const log = screen.getByRole('log', { name: 'Berichten' });
    const link = await within(log).findByRole('link', { name: 'https://example.com/uitleg' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(log).getByText(/<b>niet vet<\/b>/)).toBeInTheDocument();
    expect(log.querySelector('b')).toBeNull();
    expect(within(log).getByRole('heading', { name: 'Gisteren' })).toBeInTheDocument();
    expect(within(log).getByRole('heading', { name: 'Vandaag' })).toBeInTheDocument();
    expect(within(log).getByText('gelezen')).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Bijlage: contract.pdf' })).toBeInTheDocument();
    expect(within(log).getByRole('button', { name: 'Verwijderen' })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/messages/read'))?.body).toEqual({ up_to: fromLawyer.id }),
    );
  });

  it('sends with Enter and makes a new line with Shift+Enter; an empty message is not sent', async () => {
    const { calls } = renderChat();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Bericht' });
    await user.click(field);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Je bericht is leeg.')).toBeInTheDocument();
    await user.type(field, 'Eerste regel{Shift>}{Enter}{/Shift}tweede regel');
    expect(field).toHaveValue('Eerste regel\ntweede regel');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'POST' && c.path === `/api/cases/${CASE_ID}/messages`).map((c) => c.body),
      ).toEqual([{ text: 'Eerste regel\ntweede regel' }]),
    );
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it("checks the text with the contract's schema before sending: too long or empty, in the user's locale", async () => {
    const { calls } = renderChat();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Bericht' });
    fireEvent.change(field, { target: { value: 'x'.repeat(5001) } });
    await user.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Een bericht mag maximaal 5.000 tekens hebben.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Een bericht mag maximaal 5.000 tekens hebben.'));
    expect(field).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/api/cases/${CASE_ID}/messages`)).toHaveLength(0);

    await act(() => i18n.changeLanguage('en-US'));
    await user.clear(field);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your message is empty.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/api/cases/${CASE_ID}/messages`)).toHaveLength(0);
  });

  it('attaches a file dropped on the composer and shows the percentage sent while the attachment goes up', async () => {
    const uploads = installFakeUpload();
    renderChat();
    const composer = screen.getByRole('form', { name: 'Nieuw bericht' });
    const file = new File(['%PDF-1.4'], 'ontslagbrief.pdf', { type: 'application/pdf' });
    fireEvent.dragOver(composer, { dataTransfer: { files: [file], dropEffect: 'none' } });
    expect(composer).toHaveTextContent('Sleep een bestand in dit vak om het als bijlage toe te voegen');
    expect(hasUnsavedChanges()).toBe(false);
    fireEvent.drop(composer, { dataTransfer: { files: [file] } });
    expect(within(composer).getByText('Bijlage: ontslagbrief.pdf')).toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(true);
    fireEvent.click(within(composer).getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe(`/api/cases/${CASE_ID}/messages`);
    expect((uploads[0]?.body?.get('file') as File).name).toBe('ontslagbrief.pdf');
    act(() => uploads[0]?.progress(30, 100));
    expect(within(composer).getByRole('progressbar', { name: 'Voortgang van het uploaden' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    expect(composer).toHaveTextContent('30%');
    await act(async () => uploads[0]?.finish(201, { data: { ...mine, id: '00000000-0000-4000-8000-000000000004' } }));
    await waitFor(() => expect(within(composer).queryByRole('progressbar')).toBeNull());
    expect(within(composer).queryByText('Bijlage: ontslagbrief.pdf')).toBeNull();
    expect(hasUnsavedChanges()).toBe(false);
  });
});

describe('the chat view: accepted types and the size limit', () => {
  it('names the accepted types by the paperclip; refuses an attachment over the limit before sending', async () => {
    const uploads = installFakeUpload();
    renderChat(undefined, 2);
    const composer = screen.getByRole('form', { name: 'Nieuw bericht' });
    const attach = within(composer).getByRole('button', { name: 'Bijlage toevoegen' });
    await waitFor(() => expect(attach).toHaveAccessibleDescription(/^Toegestaan: PDF, JPG, .* \(tot 2 MB\)\.$/));
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'opname.pdf', { type: 'application/pdf' });
    fireEvent.drop(composer, { dataTransfer: { files: [big] } });
    expect(within(composer).getByRole('alert')).toHaveTextContent(
      'opname.pdf is te groot. Je kunt bestanden tot 2 MB uploaden.',
    );
    expect(within(composer).queryByText('Bijlage: opname.pdf')).toBeNull();
    fireEvent.click(within(composer).getByRole('button', { name: 'Versturen' }));
    expect(uploads).toEqual([]);
  });
});

describe('splitLinks', () => {
  it('links only http(s) addresses and leaves trailing punctuation out', () => {
    expect(splitLinks('Zie http://a.nl/x, of javascript:alert(1) en (https://b.nl).')).toEqual([
      { kind: 'text', value: 'Zie ' },
      { kind: 'link', href: 'http://a.nl/x', value: 'http://a.nl/x' },
      { kind: 'text', value: ', of javascript:alert(1) en (' },
      { kind: 'link', href: 'https://b.nl', value: 'https://b.nl' },
      { kind: 'text', value: ').' },
    ]);
  });
});
