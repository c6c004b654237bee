import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { session } from '../../lib/app-session';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { landingRoutes } from '../../test/layout-routes';
import { renderApp } from '../../test/render-app';

const siteRoute = on('GET', '/api/site', { status: 200, body: { data: site } });
/** The test's own routes first; then what the first page after signing in asks (the test is about signing in). */
const fakeFetch = (...routes: FakeRoute[]) => installFakeFetch(...routes, ...landingRoutes(makeUser('client')));
const codeState = (extra: Record<string, unknown> = {}) => ({
  pathname: '/login/code',
  state: { email: 'kees@example.com', sentAt: Date.now(), ...extra },
});

async function typeCode(code: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('textbox', { name: 'Teken 1 van 6' }));
  await user.keyboard(code);
  await user.click(screen.getByRole('button', { name: 'Inloggen' }));
}

describe('/login', () => {
  it("asks for the e-mail address with 'Log in op je portaal' and 'Ontvang code', and links to contact", async () => {
    fakeFetch(siteRoute);
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Log in op je portaal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ontvang code' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mailadres')).toHaveFocus();
    expect(await screen.findByRole('link', { name: /Neem contact met ons op/ })).toHaveAttribute(
      'href',
      'https://example.com/contact',
    );
    await waitFor(() => expect(document.title).toBe('Inloggen | Testportaal'));
    // The intro text belongs to ?event=typeform_submitted only.
    expect(screen.queryByText(/Bedankt voor het invullen van het formulier/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Log in op je portaal' }).parentElement?.querySelectorAll('p'),
    ).toHaveLength(0);
  });

  it('shows no intro for any other event', async () => {
    fakeFetch(siteRoute);
    renderApp('/login?event=something_else');
    expect(await screen.findByRole('heading', { name: 'Log in op je portaal' })).toBeInTheDocument();
    expect(screen.queryByText(/Bedankt voor het invullen van het formulier/)).not.toBeInTheDocument();
  });

  it('welcomes a new client after the intake form (?event=typeform_submitted)', async () => {
    fakeFetch(siteRoute);
    renderApp('/login?event=typeform_submitted');
    expect(await screen.findByRole('heading', { name: 'Je portaal staat al klaar' })).toBeInTheDocument();
    expect(screen.getByText(/Bedankt voor het invullen van het formulier/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ik wil in mijn portaal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ontvang code' })).not.toBeInTheDocument();
  });

  it('checks the address before sending, in Dutch: required, then a valid e-mail', async () => {
    const { calls } = fakeFetch(siteRoute);
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Ontvang code' }));
    expect(await screen.findByText('Dit veld is verplicht.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mailadres'), 'geen-adres');
    await user.click(screen.getByRole('button', { name: 'Ontvang code' }));
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/code')).toHaveLength(0);
  });

  it('requests a code and carries the address and the redirect target to /login/code', async () => {
    const { calls } = fakeFetch(siteRoute, on('POST', '/api/code', { status: 200, body: { message: 'ok' } }));
    const user = userEvent.setup();
    const { router } = renderApp({ pathname: '/login', state: { from: '/documenten' } });
    await user.type(await screen.findByLabelText('E-mailadres'), ' Kees@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Ontvang code' }));
    expect(await screen.findByRole('heading', { name: 'Vul je code in' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/code')?.body).toEqual({ email: 'kees@example.com' });
    expect(router.state.location.state).toMatchObject({ email: 'kees@example.com', from: '/documenten' });
    expect(screen.getByText(/kees@example.com/)).toBeInTheDocument();
  });

  it('shows a 422 e-mail error under the field', async () => {
    fakeFetch(
      siteRoute,
      on('POST', '/api/code', {
        status: 422,
        body: { message: 'Dit adres klopt niet.', errors: { email: ['Dit adres klopt niet.'] } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('E-mailadres'), 'kees@example.com');
    await user.click(screen.getByRole('button', { name: 'Ontvang code' }));
    expect(await screen.findByText('Dit adres klopt niet.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mailadres')).toHaveAccessibleDescription('Dit adres klopt niet.');
  });

  it("shows the server's message of a failed request as a form error (429, 500)", async () => {
    fakeFetch(siteRoute, on('POST', '/api/code', { status: 429, body: { message: 'Wacht een minuut.' } }));
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('E-mailadres'), 'kees@example.com');
    await user.click(screen.getByRole('button', { name: 'Ontvang code' }));
    expect(await screen.findByText('Wacht een minuut.')).toBeInTheDocument();
  });

  it('shows the generic Dutch message when the server cannot be reached', async () => {
    fakeFetch(siteRoute, on('POST', '/api/code', 'network-error'));
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(await screen.findByLabelText('E-mailadres'), 'kees@example.com');
    await user.click(screen.getByRole('button', { name: 'Ontvang code' }));
    expect(await screen.findByText('Er is iets fout gegaan. Probeer het later opnieuw.')).toBeInTheDocument();
  });
});

describe('/login/code', () => {
  it('goes back to /login without an e-mail address in the navigation state', async () => {
    fakeFetch(siteRoute);
    const { router } = renderApp('/login/code');
    expect(await screen.findByRole('heading', { name: 'Log in op je portaal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows 'Terug', 'Inloggen', the spam hint and the resend button", async () => {
    fakeFetch(siteRoute);
    renderApp(codeState());
    expect(await screen.findByRole('link', { name: 'Terug' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeInTheDocument();
    expect(screen.getByText(/spam/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Code opnieuw sturen kan over 60 s/ })).toBeDisabled();
  });

  it("'Terug' keeps the address filled in", async () => {
    fakeFetch(siteRoute);
    const user = userEvent.setup();
    renderApp(codeState());
    await user.click(await screen.findByRole('link', { name: 'Terug' }));
    expect(await screen.findByLabelText('E-mailadres')).toHaveValue('kees@example.com');
  });

  it('asks for all six characters of the code, in Dutch', async () => {
    const { calls } = fakeFetch(siteRoute);
    renderApp(codeState());
    await typeCode('ABC');
    expect(await screen.findByText('Vul de code van 6 tekens in.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/token')).toHaveLength(0);
  });

  it('logs in with the code, stores the session and goes to the carried target', async () => {
    const client = makeUser('client');
    const { calls } = fakeFetch(
      siteRoute,
      on('POST', '/api/token', { status: 200, body: { token: 'new-token' } }),
      on('GET', '/api/user', (request) =>
        request.headers.authorization === 'Bearer new-token'
          ? { status: 200, body: { data: client } }
          : { status: 401, body: { message: 'Unauthenticated.' } },
      ),
    );
    const { router } = renderApp(codeState({ from: '/offerte' }));
    await typeCode('k7mp2q');
    await waitFor(() => expect(document.title).toBe('Offerte | Testportaal'));
    expect(router.state.location.pathname).toBe('/offerte');
    expect(calls.find((c) => c.path === '/api/token')?.body).toEqual({ email: 'kees@example.com', code: 'K7MP2Q' });
    expect(session.getState()).toMatchObject({ user: { id: client.id }, auth: { token: 'new-token' } });
    expect(JSON.parse(window.localStorage.getItem('state') ?? '{}')).toMatchObject({ auth: { token: 'new-token' } });
  });

  it("goes to the role's home without a target: /dossiers for a lawyer", async () => {
    const lawyer = makeUser('lawyer');
    fakeFetch(
      siteRoute,
      on('POST', '/api/token', { status: 200, body: { token: 't' } }),
      on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
    );
    const { router } = renderApp(codeState());
    await typeCode('ABCDEF');
    await waitFor(() => expect(document.title).toBe('Mijn dossiers | Testportaal'));
    expect(router.state.location.pathname).toBe('/dossiers');
  });

  it('shows a wrong or expired code (422) under the boxes', async () => {
    fakeFetch(
      siteRoute,
      on('POST', '/api/token', {
        status: 422,
        body: { message: 'De code is ongeldig.', errors: { code: ['De code is ongeldig of verlopen.'] } },
      }),
    );
    renderApp(codeState());
    await typeCode('ABCDEF');
    expect(await screen.findByText('De code is ongeldig of verlopen.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Teken 1 van 6' })).toHaveAttribute('aria-invalid', 'true');
    expect(session.getState().user).toBeNull();
  });

  it("says 'Je gegevens konden niet worden opgehaald.' when the user cannot be fetched after the token", async () => {
    fakeFetch(
      siteRoute,
      on('POST', '/api/token', { status: 200, body: { token: 't' } }),
      on('GET', '/api/user', { status: 500, body: { message: 'x' } }),
    );
    renderApp(codeState());
    await typeCode('ABCDEF');
    expect(
      await screen.findByText('Je gegevens konden niet worden opgehaald. Probeer het opnieuw.'),
    ).toBeInTheDocument();
    expect(session.getState().auth.token).toBeNull();
  });

  it("shows the server's message when the token request fails with 500", async () => {
    fakeFetch(
      siteRoute,
      on('POST', '/api/token', {
        status: 500,
        body: { message: 'Er is iets fout gegaan. Probeer het later opnieuw.' },
      }),
    );
    renderApp(codeState());
    await typeCode('ABCDEF');
    expect(await screen.findByText('Er is iets fout gegaan. Probeer het later opnieuw.')).toBeInTheDocument();
  });

  it("says 'Er is een onverwachte fout opgetreden.' on any other exception", async () => {
    fakeFetch(siteRoute);
    const request = api.request.bind(api);
    vi.spyOn(api, 'request').mockImplementation((path, options) => {
      if (path === '/api/token') throw new RangeError('boom');
      return request(path, options);
    });
    renderApp(codeState());
    await typeCode('ABCDEF');
    expect(await screen.findByText('Er is een onverwachte fout opgetreden. Probeer het opnieuw.')).toBeInTheDocument();
  });

  it('shows the busy state while logging in', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path === '/api/token') {
        await gate;
        return new Response(JSON.stringify({ message: 'x', errors: { code: ['Fout'] } }), { status: 422 });
      }
      return new Response(JSON.stringify({ data: site }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp(codeState());
    await typeCode('ABCDEF');
    expect(screen.getByRole('button', { name: 'Inloggen' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Inloggen' })).not.toHaveAttribute('aria-busy'));
  });
});
