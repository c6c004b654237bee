import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../lib/app-session';
import { makeUser, site } from '../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../test/fake-fetch';
import { landingRoutes } from '../test/layout-routes';
import { renderApp } from '../test/render-app';

function signedInApi(user: ReturnType<typeof makeUser>, ...extra: FakeRoute[]) {
  return installFakeFetch(
    ...extra,
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    ...landingRoutes(user),
  );
}

describe('route guards and redirects', () => {
  it('sends a visitor opening a signed-in page to /login, carrying the path', async () => {
    installFakeFetch(on('GET', '/api/site', { status: 200, body: { data: site } }));
    const { router } = renderApp('/documenten?tab=1');
    expect(await screen.findByRole('heading', { name: 'Log in op je portaal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/documenten?tab=1' });
  });

  it('sends a client opening /dossiers home', async () => {
    const client = makeUser('client');
    signedInApi(client);
    const { router } = renderApp('/dossiers', { user: client });
    await waitFor(() => expect(document.title).toBe('Overzicht | Testportaal'));
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a lawyer opening a client page to /dossiers', async () => {
    const lawyer = makeUser('lawyer');
    signedInApi(lawyer);
    const { router } = renderApp('/documenten', { user: lawyer });
    await waitFor(() => expect(document.title).toBe('Mijn dossiers | Testportaal'));
    expect(router.state.location.pathname).toBe('/dossiers');
  });

  it('keeps /review for clients: a lawyer opening it goes to /dossiers', async () => {
    const lawyer = makeUser('lawyer');
    signedInApi(lawyer);
    const { router } = renderApp('/review', { user: lawyer });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers'));
    await waitFor(() => expect(document.title).toBe('Mijn dossiers | Testportaal'));
  });

  it('sends a user without a role to /not-found', async () => {
    const odd = makeUser('client', { roles: [], permissions: ['access:spa'] });
    signedInApi(odd);
    const { router } = renderApp('/', { user: odd });
    expect(await screen.findByRole('heading', { name: '404 – Pagina niet gevonden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-found');
  });

  it("shows '404 – Pagina niet gevonden' with 'Terug naar home' for every unknown path", async () => {
    installFakeFetch(on('GET', '/api/site', { status: 200, body: { data: site } }));
    const { router } = renderApp('/bestaat/niet');
    expect(await screen.findByRole('heading', { name: '404 – Pagina niet gevonden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar home' })).toHaveAttribute('href', '/');
    expect(router.state.location.pathname).toBe('/not-found');
  });

  it("sends a signed-in user away from /login to the role's home", async () => {
    const lawyer = makeUser('lawyer');
    signedInApi(lawyer);
    const { router } = renderApp('/login', { user: lawyer });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers'));
  });

  it('allows each route with its permission', async () => {
    const client = makeUser('client');
    signedInApi(client);
    const { router } = renderApp('/mijn-verhaal/werkgever-gegevens', { user: client });
    await waitFor(() => expect(document.title).toBe('Gegevens werkgever | Testportaal'));
    for (const [path, title] of [
      ['/documenten', 'Documenten'],
      ['/offerte', 'Offerte'],
      ['/review', 'Deel je ervaring'],
      ['/', 'Overzicht'],
    ] as const) {
      await act(() => router.navigate(path));
      await waitFor(() => expect(document.title).toBe(`${title} | Testportaal`));
      expect(router.state.location.pathname).toBe(path);
    }
  });

  it('ends the session and shows /login when another tab logs out', async () => {
    const client = makeUser('client');
    signedInApi(client);
    const { router } = renderApp('/documenten', { user: client });
    await waitFor(() => expect(document.title).toBe('Documenten | Testportaal'));
    act(() => {
      window.localStorage.setItem('state', JSON.stringify({ settings: {}, user: null, auth: { token: null } }));
      window.dispatchEvent(new StorageEvent('storage', { key: 'state' }));
    });
    expect(await screen.findByRole('heading', { name: 'Log in op je portaal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getState().user).toBeNull();
  });

  it('a 401 from the API logs out and shows /login', async () => {
    const client = makeUser('client');
    // The session is gone: the server answers 401 to every request of the signed-in app.
    installFakeFetch(on('GET', '/api/site', { status: 200, body: { data: site } }), (request) =>
      request.path.startsWith('/api/') ? { status: 401, body: { message: 'Unauthenticated.' } } : undefined,
    );
    const { router } = renderApp('/offerte', { user: client });
    expect(await screen.findByRole('heading', { name: 'Log in op je portaal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.getState().auth.token).toBeNull();
  });

  it('sets the tab title to page title | product name', async () => {
    const lawyer = makeUser('lawyer');
    signedInApi(lawyer);
    renderApp('/feedback', { user: lawyer });
    await waitFor(() => expect(document.title).toBe('Mijn feedback | Testportaal'));
  });
});
