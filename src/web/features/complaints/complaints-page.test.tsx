import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MyComplaint } from '../../../contract/complaints';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/app-session';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const client = makeUser('client');
const body = { name: 'Geschillencommissie Advocatuur', url: 'https://example.com/gca', months: 12 };
const closed: MyComplaint = {
  id: '00000000-0000-4000-8000-000000000001',
  text: 'Geen reactie op mijn vragen',
  status: 'closed',
  answer_by: '2026-12-25',
  outcome: 'Gegrond: excuses en korting.',
  created_at: '2026-11-27T10:00:00.000Z',
  closed_at: '2026-12-01T10:00:00.000Z',
  files: [],
};

const routes = (who = client) => [
  on('GET', '/api/site', { status: 200, body: { data: site } }),
  on('GET', '/api/user', { status: 200, body: { data: who } }),
  on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
  on('GET', '/api/complaints/mine', { status: 200, body: { data: [], body } }),
];

describe("'Een klacht indienen'", () => {
  it("checks the text with the contract's schema: blank is refused under the field, line breaks are sent", async () => {
    const { calls } = installFakeFetch(
      ...routes(),
      on('POST', '/api/complaints', {
        status: 201,
        body: { data: { id: '00000000-0000-4000-8000-000000000006', status: 'received', answer_by: '2026-12-26' } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/klacht', { user: client });
    const field = await screen.findByLabelText('Je klacht');
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Klacht indienen' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Beschrijf je klacht.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Required|String must contain/)).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(field);
    await user.type(field, '  Regel een{Enter}regel twee  ');
    await user.click(screen.getByRole('button', { name: 'Klacht indienen' }));
    expect(await screen.findByText(/We antwoorden uiterlijk 26-12-2026/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/complaints')?.body).toEqual({
      text: 'Regel een\nregel twee',
    });
    expect(field).toHaveValue('');
    expect(field).not.toHaveAttribute('aria-invalid');
  }, 20_000);

  it('says an empty complaint is empty in English in the English app', async () => {
    const english = { ...client, language: 'en-US' as const };
    session.dispatch({ type: 'settings', settings: { language: 'en-US' } });
    await i18n.changeLanguage('en-US');
    installFakeFetch(...routes(english));
    const user = userEvent.setup();
    renderApp('/klacht', { user: english });
    await user.click(await screen.findByRole('button', { name: 'File complaint' }));
    expect(await screen.findByText('Describe your complaint.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your complaint')).toHaveAccessibleDescription('Describe your complaint.');
  }, 20_000);

  it('asks for a text, files it with the answer-by date, shows an earlier outcome with body and period', async () => {
    const { calls } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: client } }),
      on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
      on('GET', '/api/complaints/mine', { status: 200, body: { data: [closed], body } }),
      on('POST', '/api/complaints', {
        status: 201,
        body: { data: { id: '00000000-0000-4000-8000-000000000002', status: 'received', answer_by: '2026-12-26' } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/klacht', { user: client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Een klacht indienen' })).toBeInTheDocument();
    const item = (await screen.findByText('Geen reactie op mijn vragen')).closest('li') as HTMLElement;
    expect(within(item).getByText('Gegrond: excuses en korting.')).toBeInTheDocument();
    expect(
      within(item).getByText(
        /binnen 12 maanden na het indienen van je klacht terecht bij de Geschillencommissie Advocatuur/,
      ),
    ).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /Geschillencommissie Advocatuur/ })).toHaveAttribute(
      'href',
      body.url,
    );
    expect(screen.getByRole('link', { name: /Lees onze klachtenregeling/ })).toHaveAttribute(
      'href',
      site.complaints_regulation_url,
    );

    await user.click(screen.getByRole('button', { name: 'Klacht indienen' }));
    expect(await screen.findByText('Beschrijf je klacht.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(screen.getByLabelText('Je klacht'), 'Mijn jurist belde niet terug');
    await user.click(screen.getByRole('button', { name: 'Klacht indienen' }));
    expect(await screen.findByText(/We antwoorden uiterlijk 26-12-2026/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/complaints')?.body).toEqual({
      text: 'Mijn jurist belde niet terug',
    });
    // The footer links to the page and to the complaints regulation.
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Een klacht indienen' })).toHaveAttribute('href', '/klacht');
    expect(within(footer).getByRole('link', { name: /Klachtenregeling/ })).toHaveAttribute(
      'href',
      site.complaints_regulation_url,
    );
  }, 20_000);

  it('attaches files via the picker (refusing one too large), sends multipart, lists them to download', async () => {
    const withFile: MyComplaint = {
      ...closed,
      id: '00000000-0000-4000-8000-000000000003',
      status: 'received',
      outcome: null,
      closed_at: null,
      files: [{ id: '00000000-0000-4000-8000-000000000004', filename: 'mail-jurist.pdf', size_bytes: 2048 }],
    };
    const { calls, fetchMock } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: { ...site, max_upload_mb: 1 } } }),
      on('GET', '/api/user', { status: 200, body: { data: client } }),
      on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
      on('GET', '/api/complaints/mine', { status: 200, body: { data: [withFile], body } }),
      on('POST', '/api/complaints', {
        status: 201,
        body: { data: { id: '00000000-0000-4000-8000-000000000005', status: 'received', answer_by: '2026-12-26' } },
      }),
      on('POST', `/api/complaint-files/${withFile.files[0]!.id}/download`, { status: 200, body: {} }),
    );
    const createObjectURL = vi.fn(() => 'blob:klacht');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderApp('/klacht', { user: client });
    const picker = await screen.findByRole('button', { name: 'Document toevoegen' });
    // The accepted types and the limit are named before a file is chosen.
    await waitFor(() =>
      expect(picker).toHaveAccessibleDescription(
        /Voeg desgewenst tot 5 documenten toe.*Toegestaan: PDF, JPG.*\(tot 1 MB\)\./,
      ),
    );
    const input = picker.closest('[data-testid="drop-zone"]')!.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], 'te-groot.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('te-groot.pdf is te groot. Je kunt bestanden tot 1 MB uploaden.'),
    ).toBeInTheDocument();
    await user.upload(input, new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' }));
    await user.upload(input, new File(['foto'], 'foto.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'foto.png weghalen' }));
    expect(screen.queryByText('foto.png')).toBeNull();

    await user.type(screen.getByLabelText('Je klacht'), 'Zie de brief');
    await user.click(screen.getByRole('button', { name: 'Klacht indienen' }));
    expect(await screen.findByText(/We antwoorden uiterlijk 26-12-2026/)).toBeInTheDocument();
    const sent = [...fetchMock.mock.calls].find(
      ([input, init]) => String(input).endsWith('/api/complaints') && init?.method === 'POST',
    )?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    const form = sent as FormData;
    expect(form.get('text')).toBe('Zie de brief');
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['brief.pdf']);
    expect(screen.queryByText('brief.pdf')).toBeNull();

    // The client's own complaint lists its document; the button downloads it.
    const item = (await screen.findByText('Geen reactie op mijn vragen')).closest('li') as HTMLElement;
    expect(within(item).getByText('Bijgevoegde documenten')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'mail-jurist.pdf downloaden' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(
      calls.some((c) => c.method === 'POST' && c.path === `/api/complaint-files/${withFile.files[0]!.id}/download`),
    ).toBe(true);
  }, 30_000);
});
