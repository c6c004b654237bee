import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey';
import { requestCodeViaUi } from './support/login';

describe('resending the login code', () => {
  const journey = useJourney();

  it('counts down 60 s, then allows a resend that starts the cooldown again', async () => {
    // The browser's own line for the refused request: the server's real clock still holds the
    // 60 s limit while the page's clock has been moved on.
    const { page } = await journey.openPage({ allowConsole: [/status of 429/] });
    await page.clock.install();
    await page.goto('/login');
    const asked = Date.now();
    await requestCodeViaUi(page, 'client06@example.com');
    await page.clock.pauseAt(Date.now() + 1_000);
    // The page's clock ran in real time until paused (a second more): on a busy machine that is several seconds.
    const ran = Math.ceil((Date.now() - asked) / 1_000) + 1;

    const waiting = page.getByRole('button', { name: /Code opnieuw sturen kan over \d+ s/ });
    expect(await waiting.isDisabled()).toBe(true);
    const first = Number(/over (\d+) s/.exec((await waiting.textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThanOrEqual(Math.min(55, 60 - ran));
    expect(first).toBeLessThanOrEqual(60);

    await page.clock.runFor(20_000);
    await page.getByRole('button', { name: `Code opnieuw sturen kan over ${first - 20} s` }).waitFor();

    await page.clock.runFor((first - 20) * 1_000);
    const resend = page.getByRole('button', { name: 'Stuur de code opnieuw' });
    await resend.waitFor();
    expect(await resend.isEnabled()).toBe(true);

    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/code') && response.request().method() === 'POST',
    );
    await resend.click();
    const response = await answer;
    expect(response.request().postDataJSON()).toEqual({ email: 'client06@example.com' });
    expect([200, 429]).toContain(response.status());

    // The cooldown starts again (it cycles), whatever the server answered.
    const again = page.getByRole('button', { name: 'Code opnieuw sturen kan over 60 s' });
    await again.waitFor();
    expect(await again.isDisabled()).toBe(true);
    if (response.status() === 429) await page.getByText('Er is iets fout gegaan. Probeer het later opnieuw.').waitFor();
    else await page.getByText(/We hebben een nieuwe code gestuurd/).waitFor();

    await page.clock.runFor(60_000);
    await resend.waitFor();
  });
});
