import { describe, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useJourney } from './support/journey';
import { getSession, signIn } from './support/login';

describe('a client opening a lawyer page', () => {
  const journey = useJourney();

  it('is sent home', async () => {
    const session = await getSession(journey.product, 'client05@example.com');
    const { page } = await journey.openPage();
    await signIn(page, session);
    for (const path of ['/dossiers', '/feedback', '/account']) {
      await page.goto(path);
      await expectPath(page, '/');
      await expectTitle(page, 'Dashboard | Ontslagportaal');
    }
  });
});
