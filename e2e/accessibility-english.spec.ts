import { describe, expect, it } from 'vitest';
import { checkUnsubscribePage, findAccessibilityViolations, UNSUBSCRIBE_EN } from './support/axe';
import { useSharedJourney } from './support/journey';
import { requestCodeViaUi, sessionCache } from './support/login';
import { screensWithViolations } from './support/screens';

describe('accessibility (axe-core) in English', () => {
  const journey = useSharedJourney();
  const session = sessionCache();

  // In English too: the signed-out pages, then every screen of each role at 360 px.
  const viewport = { width: 360, height: 740 };
  it('has no violations in English at 360 px on login, code and unsubscribe', async () => {
    const { page } = await journey.openPage({ viewport });
    await page.goto('/not-found');
    await page.evaluate((settings) => window.localStorage.setItem('state', JSON.stringify({ settings })), {
      language: 'en-US',
    });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in to your portal' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await requestCodeViaUi(page, 'client12@example.com', 'Get code', 'Email address', 'Enter your code');
    expect(await findAccessibilityViolations(page)).toEqual([]);
    const unsubscribe = (await journey.openPage({ viewport, allowConsole: [/status of 422/] })).page;
    await unsubscribe.goto('/not-found');
    await unsubscribe.evaluate((settings) => window.localStorage.setItem('state', JSON.stringify({ settings })), {
      language: 'en-US',
    });
    await checkUnsubscribePage(unsubscribe, UNSUBSCRIBE_EN);
  });

  for (const role of ['client', 'lawyer', 'admin'] as const) {
    it(`has no violations in English at 360 px on every screen of the ${role}`, async () => {
      expect(
        await screensWithViolations(journey, session, viewport, {
          settings: { language: 'en-US' },
          loading: /loading/,
          roles: [role],
        }),
      ).toEqual([]);
    });
  }
});
