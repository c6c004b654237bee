import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/app-session';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { landingRoutes } from '../../test/layout-routes';
import { renderApp } from '../../test/render-app';

const CHALLENGE = 'c'.repeat(32);
const lawyer = makeUser('lawyer');
const siteRoute = on('GET', '/api/site', { status: 200, body: { data: site } });
const fakeFetch = (...routes: FakeRoute[]) => installFakeFetch(siteRoute, ...routes, ...landingRoutes(lawyer));
const verifyState = {
  pathname: '/login/tweestapsverificatie',
  state: { email: 'noor@example.com', challenge: CHALLENGE, setupRequired: false },
};
const tokenRoutes = [
  on('POST', '/api/token/two-factor', { status: 200, body: { token: 'staff-token' } }),
  on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
];

describe('/login/tweestapsverificatie', () => {
  it('says under the boxes that the app code has 6 digits, focuses the first box, and sends nothing', async () => {
    const { calls } = fakeFetch(...tokenRoutes);
    renderApp(verifyState);
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: 'Teken 1 van 6' });
    await user.click(first);
    await user.keyboard('123');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Vul de 6 cijfers uit je authenticator-app in.')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Vul de 6 cijfers uit je authenticator-app in.');
    expect(first).toHaveFocus();
    expect(calls.filter((c) => c.path === '/api/token/two-factor')).toHaveLength(0);
  });

  it('logs in with a valid app code', async () => {
    const { calls } = fakeFetch(...tokenRoutes);
    const { router } = renderApp(verifyState);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: 'Teken 1 van 6' }));
    await user.keyboard('123456');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers'));
    expect(calls.find((c) => c.path === '/api/token/two-factor')?.body).toEqual({
      challenge: CHALLENGE,
      code: '123456',
    });
    expect(session.getState()).toMatchObject({ auth: { token: 'staff-token' } });
  });

  it('checks a recovery code before sending it, then sends it as the contract reads it', async () => {
    const { calls } = fakeFetch(...tokenRoutes);
    const { router } = renderApp(verifyState);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Gebruik een herstelcode' }));
    const field = screen.getByLabelText('Herstelcode');
    await user.type(field, 'ABC');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('Een herstelcode bestaat uit 10 tekens, zoals ABCDE-FGHJK.');
    expect(field).toHaveFocus();
    expect(calls.filter((c) => c.path === '/api/token/two-factor')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dossiers'));
    expect(calls.find((c) => c.path === '/api/token/two-factor')?.body).toEqual({
      challenge: CHALLENGE,
      recovery_code: 'ABCDEFGHJK',
    });
  });

  it('enrols: checks the first code before confirming it, then shows the recovery codes', async () => {
    const { calls } = fakeFetch(
      on('POST', '/api/token/two-factor/setup', {
        status: 200,
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_svg: '<svg></svg>' },
      }),
      on('POST', '/api/token/two-factor/enable', {
        status: 200,
        body: { token: 'staff-token', recovery_codes: ['ABCDE-FGHJK'] },
      }),
    );
    renderApp({ ...verifyState, state: { ...verifyState.state, challenge: 'e'.repeat(32), setupRequired: true } });
    const user = userEvent.setup();
    const first = await screen.findByRole('textbox', { name: 'Teken 1 van 6' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bevestigen' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    await waitFor(() => expect(first).toHaveAccessibleDescription('Vul de 6 cijfers uit je authenticator-app in.'));
    expect(first).toHaveFocus();
    expect(calls.filter((c) => c.path === '/api/token/two-factor/enable')).toHaveLength(0);
    await user.keyboard('654321');
    await user.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByRole('heading', { name: 'Bewaar je herstelcodes' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/token/two-factor/enable')?.body).toEqual({
      challenge: 'e'.repeat(32),
      code: '654321',
    });
  });

  it('says it in English in the English app', async () => {
    session.dispatch({ type: 'settings', settings: { language: 'en-US' } });
    await i18n.changeLanguage('en-US');
    fakeFetch(...tokenRoutes);
    renderApp(verifyState);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Enter the code from your app' });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Enter the 6 digits from your authenticator app.')).toBeInTheDocument();
  });
});
