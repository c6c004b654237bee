import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MailPreferences } from '../../../contract/notifications';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { landingRoutes } from '../../test/layout-routes';
import { renderApp } from '../../test/render-app';

function api(user: ReturnType<typeof makeUser>, failPatch = false) {
  let preferences: MailPreferences = { phase_changes: true, reminders: true, uploads: true };
  return installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: user } }),
    on('GET', '/api/user/mail-preferences', () => ({ status: 200, body: { data: preferences } })),
    on('GET', '/api/push-subscriptions', { status: 200, body: { data: [] } }),
    on('GET', '/api/user/export', { status: 200, body: { data: null } }),
    on('PATCH', '/api/user/mail-preferences', (request) => {
      if (failPatch) return { status: 500, body: { message: 'Server Error' } };
      preferences = { ...preferences, ...(request.body as Partial<MailPreferences>) };
      return { status: 200, body: { data: preferences } };
    }),
    ...landingRoutes(user),
  );
}

describe('mail preferences', () => {
  it("gives a client an 'Instellingen' page from the menu where optional mails are switched off and on", async () => {
    const client = makeUser('client');
    const { calls } = api(client);
    const user = userEvent.setup();
    renderApp('/', { user: client });
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await user.click(await within(nav).findByRole('link', { name: 'Instellingen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Instellingen' })).toBeInTheDocument();
    const phases = await screen.findByRole('checkbox', { name: 'Mijn zaak gaat naar een nieuwe fase' });
    expect(screen.getByText(/Inlogcodes, de opdrachtbevestiging, afgekeurde documenten/)).toBeInTheDocument();
    expect(phases).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Herinneringen aan openstaande taken' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Nieuwe documenten' })).toBeChecked();
    await user.click(phases);
    expect(await screen.findByText('Je voorkeuren zijn opgeslagen.')).toBeInTheDocument();
    await waitFor(() => expect(phases).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ phase_changes: false }]);
  }, 20_000);

  it('shows an error and keeps the switch as it was when saving fails', async () => {
    const client = makeUser('client');
    api(client, true);
    const user = userEvent.setup();
    renderApp('/instellingen', { user: client });
    const uploads = await screen.findByRole('checkbox', { name: 'Nieuwe documenten' });
    await user.click(uploads);
    expect(await screen.findByRole('alert')).toHaveTextContent('Je voorkeuren konden niet worden opgeslagen.');
    expect(uploads).toBeChecked();
  });

  it("gives a lawyer the upload mails as a switch under 'Mijn account'", async () => {
    const lawyer = makeUser('lawyer');
    const { calls } = api(lawyer);
    const user = userEvent.setup();
    renderApp('/account', { user: lawyer });
    const uploads = await screen.findByRole('checkbox', { name: 'Documenten geüpload door cliënten' });
    expect(screen.queryByRole('checkbox', { name: /fase/i })).not.toBeInTheDocument();
    await user.click(uploads);
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'PATCH' && c.path === '/api/user/mail-preferences').map((c) => c.body),
      ).toEqual([{ uploads: false }]),
    );
  });
});

describe('/account and /instellingen read once', () => {
  const headings = () => screen.getAllByRole('heading').map((heading) => heading.textContent?.trim());

  it("gives /account no heading twice and the lawyer's own mail text, never the client's", async () => {
    const lawyer = makeUser('lawyer');
    api(lawyer);
    renderApp('/account', { user: lawyer });
    await screen.findByRole('checkbox', { name: 'Documenten geüpload door cliënten' }, { timeout: 15_000 });
    const all = headings();
    expect(all.length).toBeGreaterThan(3);
    expect(new Set(all).size).toBe(all.length);
    expect(screen.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeInTheDocument();
    expect(screen.queryByText(/de opdrachtbevestiging, afgekeurde documenten/)).toBeNull();
    expect(screen.getByText(/wanneer een cliënt een document uploadt/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'E-mailmeldingen' })).toBeInTheDocument();
  }, 20_000);

  it('gives /instellingen no heading twice and names the switches once, by the section heading', async () => {
    const client = makeUser('client');
    api(client);
    renderApp('/instellingen', { user: client });
    await screen.findByRole('checkbox', { name: 'Nieuwe documenten' }, { timeout: 15_000 });
    const all = headings();
    expect(new Set(all).size).toBe(all.length);
    expect(screen.getAllByText('E-mailmeldingen')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'E-mailmeldingen' })).toBeInTheDocument();
  }, 20_000);
});
