import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '../../lib/app-session';
import { makeLawyerCaseView, makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { landingRoutes } from '../../test/layout-routes';
import { renderApp } from '../../test/render-app';

function api(
  user: ReturnType<typeof makeUser>,
  unread = { data: [] as { case_id: string; client_name: string; count: number }[], total: 0 },
  ...extra: FakeRoute[]
) {
  return installFakeFetch(
    ...extra,
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/messages/unread', { status: 200, body: unread }),
    on('GET', '/api/user', { status: 200, body: { data: user } }),
    on('POST', '/api/logout', { status: 204 }),
    // The account page's 'Meldingen' lists the user's devices.
    on('GET', '/api/push-subscriptions', { status: 200, body: { data: [] } }),
    ...landingRoutes(user),
  );
}

/** Each link's accessible name: its aria-label where it has one (the new-tab links), else its text. */
const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent);

describe('signed-in layout', () => {
  it('gives a client Overzicht to Instellingen, with Berichten, Facturen and Offerte', async () => {
    const client = makeUser('client');
    api(client);
    renderApp('/', { user: client });
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await waitFor(() =>
      expect(linkNames(nav)).toEqual([
        'Overzicht',
        'Mijn verhaal',
        'Documenten',
        'Berichten',
        'Facturen',
        'Offerte',
        'Rekentools (opent in een nieuw tabblad)',
        'Instellingen',
      ]),
    );
    expect(within(nav).getByRole('link', { name: 'Overzicht' })).toHaveAttribute('aria-current', 'page');
    const tools = within(nav).getByRole('link', { name: 'Rekentools (opent in een nieuw tabblad)' });
    expect(tools).toHaveAttribute('href', site.calculation_tools_url);
    // On screen only the short label (the arrow is drawn by CSS): one line in the menu.
    expect(tools.textContent).toBe('Rekentools');
    expect(screen.getByRole('link', { name: /naar de startpagina/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Uitloggen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accountmenu/ })).not.toBeInTheDocument();
  }, 20_000);

  it("shows the client's unread messages as a badge on 'Berichten'", async () => {
    const client = makeUser('client');
    api(client, {
      data: [{ case_id: '00000000-0000-4000-8000-000000000001', client_name: 'Kees Klant', count: 3 }],
      total: 3,
    });
    renderApp('/', { user: client });
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(await within(nav).findByRole('link', { name: 'Berichten, 3 ongelezen berichten' })).toHaveAttribute(
      'href',
      '/berichten',
    );
  });

  it('gives a lawyer Mijn dossiers, Archief, Mijn feedback, Mijn account, Rekentools and a menu', async () => {
    const lawyer = makeUser('lawyer', { avatar: '/storage/' });
    api(lawyer);
    const user = userEvent.setup();
    renderApp('/dossiers', { user: lawyer });
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    await waitFor(() =>
      expect(linkNames(nav)).toEqual([
        'Mijn dossiers',
        'Archief',
        'Mijn feedback',
        'Mijn account',
        'Rekentools (opent in een nieuw tabblad)',
      ]),
    );

    const trigger = screen.getByRole('button', { name: 'Sanne Jansen (Accountmenu)' });
    // '/storage/' counts as no photo: the default avatar is shown.
    expect(trigger.querySelector('img')).toHaveAttribute('src', '/default-avatar.svg');
    await user.click(trigger);
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Mijn account' }));
    await waitFor(() => expect(document.title).toBe('Mijn account | Testportaal'));
  });

  it('the account dropdown opens from its stand-in button, before its code has loaded', async () => {
    const lawyer = makeUser('lawyer');
    api(lawyer);
    const user = userEvent.setup();
    renderApp('/dossiers', { user: lawyer });
    const standIn = await screen.findByRole('button', { name: 'Sanne Jansen (Accountmenu)' });
    // The menu's code comes after the first page: until then the button is a plain stand-in.
    expect(standIn).not.toHaveAttribute('data-state');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    await user.click(standIn);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Mijn account' })).toBeInTheDocument();
    // The open menu is modal: the rest of the page, its trigger too, is hidden from the accessibility tree.
    expect(screen.getByRole('button', { name: 'Sanne Jansen (Accountmenu)', hidden: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('the account dropdown keeps the keyboard focus when its code arrives, and opens with Enter', async () => {
    const lawyer = makeUser('lawyer');
    api(lawyer);
    const user = userEvent.setup();
    renderApp('/dossiers', { user: lawyer });
    (await screen.findByRole('button', { name: 'Sanne Jansen (Accountmenu)' })).focus();
    // Loaded after the first paint: the menu's own trigger replaces the stand-in, focused.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sanne Jansen (Accountmenu)' })).toHaveAttribute(
        'data-state',
        'closed',
      ),
    );
    const trigger = screen.getByRole('button', { name: 'Sanne Jansen (Accountmenu)' });
    await waitFor(() => expect(trigger).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Mijn account' })).toBeInTheDocument();
  });

  it("shows the lawyer's own photo when there is one", async () => {
    const lawyer = makeUser('lawyer', { avatar: '/files/avatars/sanne.webp' });
    api(lawyer);
    renderApp('/dossiers', { user: lawyer });
    const trigger = await screen.findByRole('button', { name: /Accountmenu/ });
    expect(trigger.querySelector('img')).toHaveAttribute('src', '/files/avatars/sanne.webp');
  });

  it("has a mobile menu with close button, second logout; a lawyer's has name, subtitle, 'Mijn account'", async () => {
    const lawyer = makeUser('lawyer');
    api(lawyer);
    const user = userEvent.setup();
    renderApp('/dossiers', { user: lawyer });
    await user.click(await screen.findByRole('button', { name: 'Menu openen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByText('Sanne Jansen')).toBeInTheDocument();
    expect(within(dialog).getByText('Ontslagsrecht arbeidsrechtjurist')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Mijn account' })).toHaveAttribute('href', '/account');
    expect(within(dialog).getByRole('link', { name: 'Mijn feedback' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Uitloggen' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Menu sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The sheet's code is loaded on demand; closing still gives the focus back to the button.
    const button = screen.getByRole('button', { name: 'Menu openen' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Opened again by keyboard, closed with Escape.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it("a client's mobile menu has no lawyer block", async () => {
    const client = makeUser('client');
    api(client);
    const user = userEvent.setup();
    renderApp('/', { user: client });
    await user.click(await screen.findByRole('button', { name: 'Menu openen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).queryByText('Ontslagsrecht arbeidsrechtjurist')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Offerte' })).toBeInTheDocument();
  });

  it("has a footer with the Rotterdam address, contact details, 'Pagina's' and three PDFs under 'Overig'", async () => {
    const client = makeUser('client');
    api(client);
    renderApp('/', { user: client });
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('3011 AA Rotterdam')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'support@example.com' })).toHaveAttribute(
      'href',
      'mailto:support@example.com',
    );
    expect(within(footer).getByRole('link', { name: '010 123 45 67' })).toHaveAttribute('href', 'tel:0101234567');
    const pages = within(footer).getByRole('navigation', { name: "Pagina's" });
    expect(within(pages).getByRole('link', { name: 'Documenten' })).toHaveAttribute('href', '/documenten');
    const other = within(footer).getByRole('region', { name: 'Overig' });
    expect(within(other).getByRole('link', { name: /Algemene voorwaarden/ })).toHaveAttribute('href', site.terms_url);
    expect(within(other).getByRole('link', { name: /Disclaimer/ })).toHaveAttribute('href', site.disclaimer_url);
    expect(within(other).getByRole('link', { name: /Privacyverklaring/ })).toHaveAttribute('href', site.privacy_url);
  });

  it('logs out through POST /api/logout and shows /login', async () => {
    const client = makeUser('client');
    const { calls } = api(client);
    const user = userEvent.setup();
    const { router } = renderApp('/documenten', { user: client, token: 'secret' });
    await user.click(await screen.findByRole('button', { name: 'Uitloggen' }));
    expect(await screen.findByRole('heading', { name: 'Log in op je portaal' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/logout')).toMatchObject({
      method: 'POST',
      headers: { authorization: 'Bearer secret' },
    });
    expect(session.getState()).toMatchObject({ user: null, auth: { token: null } });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps the tabs of Mijn verhaal, without padding on the main area', async () => {
    const client = makeUser('client');
    api(client);
    renderApp('/mijn-verhaal', { user: client });
    const tabs = await screen.findByRole('navigation', { name: 'Onderdelen van mijn verhaal' });
    expect(linkNames(tabs)).toEqual(['Jouw gegevens', 'Over jouw werkgever', 'Mijn verhaal']);
    expect(within(tabs).getByRole('link', { name: 'Jouw gegevens' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('main')).not.toHaveClass('px-4');
    await waitFor(() => expect(document.title).toBe('Jouw gegevens | Testportaal'));
  });

  it("shows case detail with the back link 'Terug naar dossieroverzicht', inside the padded main area", async () => {
    const lawyer = makeUser('lawyer');
    const caseId = '0b7c1a52-8f57-4a55-9d0d-3e3f7b0c2a11';
    api(
      lawyer,
      undefined,
      on('GET', `/api/cases/${caseId}`, {
        status: 200,
        body: { data: makeLawyerCaseView(caseId, 'reviewing-documents') },
      }),
      on('GET', `/api/cases/${caseId}/documents`, { status: 200, body: { data: [] } }),
    );
    renderApp(`/dossiers/${caseId}/documenten`, { user: lawyer });
    // The tabs 'Algemeen' and 'Documenten' appear once the case has loaded (case detail's own tests).
    expect(await screen.findByRole('link', { name: 'Terug naar dossieroverzicht' })).toHaveAttribute(
      'href',
      '/dossiers',
    );
    expect(screen.getByRole('main')).toHaveClass('px-4');
  });

  it('switches to English and back; the choice is kept in the session settings and <html lang> follows', async () => {
    const client = makeUser('client');
    installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: client } }),
      ...landingRoutes(client),
    );
    const user = userEvent.setup();
    renderApp('/', { user: client });
    await user.selectOptions(await screen.findByLabelText('Taal'), 'en-US');
    expect(await screen.findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-US');
    expect(session.getState().settings.language).toBe('en-US');
    expect(JSON.parse(window.localStorage.getItem('state') ?? '{}').settings).toEqual({ language: 'en-US' });
    await user.selectOptions(screen.getByLabelText('Language'), 'nl-NL');
    expect(await screen.findByRole('button', { name: 'Uitloggen' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('nl-NL');
  });

  it('stores the chosen language on the user, so mails are written in it', async () => {
    const client = makeUser('client');
    let stored = client.language;
    const { calls } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', () => ({ status: 200, body: { data: { ...client, language: stored } } })),
      on('PATCH', '/api/user', (request) => {
        stored = (request.body as { language: typeof stored }).language;
        return { status: 200, body: { data: { ...client, language: stored } } };
      }),
      ...landingRoutes(client),
    );
    const user = userEvent.setup();
    renderApp('/', { user: client });
    await screen.findByRole('button', { name: 'Uitloggen' });
    // No choice made in this browser: the stored language stays as it is.
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await user.selectOptions(await screen.findByLabelText('Taal'), 'en-US');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ language: 'en-US' }]),
    );
    await user.selectOptions(screen.getByLabelText('Language'), 'nl-NL');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { language: 'en-US' },
        { language: 'nl-NL' },
      ]),
    );
  });
});
