import { describe, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useSharedJourney } from './support/journey';
import { mintSession, signIn } from './support/login';

describe('a client opening a lawyer page', () => {
  const journey = useSharedJourney();

  it('is sent home', async () => {
    const session = await mintSession(journey.product, 'client05@example.com');
    const { page } = await journey.openPage();
    await signIn(page, session);
    for (const path of ['/dossiers', '/feedback', '/account']) {
      await page.goto(path);
      await expectPath(page, '/');
      await expectTitle(page, 'Overzicht | Ontslagportaal');
    }
  });
});
