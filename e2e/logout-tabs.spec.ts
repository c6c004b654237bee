import { describe, expect, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { mintSession, signIn } from './support/login';

describe('logout in one tab', () => {
  const journey = useSharedJourney();

  it('ends the session in a second tab and revokes the token', async () => {
    const session = await mintSession(journey.product, 'client04@example.com');
    const { context, page: first } = await journey.openPage();
    await signIn(first, session);
    await first.goto('/');
    await expectTitle(first, 'Overzicht | Ontslagportaal');

    // A request this tab sends between the logout and the storage event (its live-events ticket,
    // a refetch) gets 401, which also ends the session here; the browser logs that answer.
    const { page: second } = await journey.openTab(context, { allowConsole: [/status of 401/] });
    await second.goto('/offerte');
    await expectTitle(second, 'Offerte | Ontslagportaal');

    await first.getByRole('button', { name: 'Uitloggen' }).click();
    await expectPath(first, '/login');

    // The other tab follows through the storage event, without a reload.
    await expectPath(second, '/login');
    await second.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();
    expect(
      await second.evaluate(() => JSON.parse(window.localStorage.getItem('state') ?? 'null') as unknown),
    ).toMatchObject({
      user: null,
      auth: { token: null },
    });

    // POST /api/logout revoked the token on the server.
    const response = await fetch(`${journey.product.baseUrl}/api/user`, {
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(response.status).toBe(401);
  });
});
