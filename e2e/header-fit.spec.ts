import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { amsterdamToday } from '../src/contract/rules/amsterdam-date';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

/**
 * The client's header on the laptop screens most clients use: every menu item and 'Uitloggen' lie wholly inside the
 * window and are not cut off by a box around them, in Dutch and in English, with the longest menu a client gets
 * ('Onderhandeling' once there is a settlement version, an unread count on 'Berichten') and a long name.
 *
 * Tess Mulder's case (client07, 'Onderhandelingen', lawyer Sanne Jansen) gets a settlement version and messages:
 * this file runs its own product, so no other journey sees them.
 */
const CLIENT = 'client07@example.com';
const LAWYER = 'sanne.jansen@example.com';
const SCREENS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];
const LANGUAGES = [
  { language: 'nl-NL', menu: 'Hoofdmenu', logout: 'Uitloggen', negotiation: 'Onderhandeling' },
  { language: 'en-US', menu: 'Main menu', logout: 'Log out', negotiation: 'Negotiation' },
] as const;

type Clip = { text: string; left: number; right: number; top: number; bottom: number; clippedBy: string[] };

/**
 * Each element's box against the window and against every ancestor that clips (overflow other than visible): the
 * names of what cuts it off, empty when it is wholly shown.
 */
async function clipsOf(page: Page, selector: string): Promise<Clip[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      const clippedBy: string[] = [];
      if (box.left < -0.5 || box.top < -0.5) clippedBy.push('window (left/top)');
      if (box.right > window.innerWidth + 0.5) clippedBy.push(`window (right ${box.right} > ${window.innerWidth})`);
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (
          box.left < clip.left - 0.5 ||
          box.right > clip.right + 0.5 ||
          box.top < clip.top - 0.5 ||
          box.bottom > clip.bottom + 0.5
        )
          clippedBy.push(`${parent.tagName.toLowerCase()}.${parent.className}`);
      }
      if (box.width === 0 || box.height === 0) clippedBy.push('not shown');
      return {
        text: element.textContent?.trim() ?? '',
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        clippedBy,
      };
    }),
  );
}

describe("the client's header at 1280 and 1366 px", () => {
  const journey = useJourney();
  const session = sessionCache();

  it("shows every menu item and 'Uitloggen' whole, in Dutch and English, with the longest menu", async () => {
    const { product } = journey;
    const client = await session(product, CLIENT);
    const lawyer = await session(product, LAWYER);
    const caseId = client.user.case?.id as string;
    const api = (token: string, path: string, init: RequestInit = {}) =>
      fetch(`${product.baseUrl}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
      });

    // A long name (the header must not depend on its length).
    const renamed = await api(client.token, '/api/user', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Maximiliaan-Alexander',
        infix: 'van der',
        last_name: 'Wijngaarden-Oosterhuis Bernadotte',
      }),
    });
    expect(renamed.status).toBe(200);
    // 'Onderhandeling' joins the menu with a first settlement version.
    const form = new FormData();
    form.append('from', 'employer');
    form.append('dated', amsterdamToday(new Date()));
    form.append('text', 'Artikel 1. De werkgever betaalt een vergoeding van 18.000 euro bruto.');
    const version = await api(lawyer.token, `/api/cases/${caseId}/settlement/versions`, { method: 'POST', body: form });
    expect(version.status, await version.clone().text()).toBe(201);
    // Unread messages: 'Berichten' carries a count.
    for (const text of ['Hoe gaat het?', 'Ik heb een voorstel ontvangen.', 'Bel je me terug?']) {
      const sent = await api(lawyer.token, `/api/cases/${caseId}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      expect(sent.status).toBeLessThan(300);
    }

    for (const viewport of SCREENS) {
      for (const words of LANGUAGES) {
        const where = `${viewport.width} px, ${words.language}`;
        const { page } = await journey.openPage({ viewport });
        await signIn(page, client, { language: words.language });
        await page.goto('/');
        const header = page.getByRole('banner');
        const nav = header.getByRole('navigation', { name: words.menu });
        await nav.getByRole('link', { name: words.negotiation }).waitFor();
        await nav.locator('a').last().waitFor();
        const logout = header.getByRole('button', { name: words.logout });
        await logout.waitFor();

        const [button] = await clipsOf(page, 'header button:has(svg.lucide-log-out)');
        expect(button?.text, where).toBe(words.logout);
        expect(button?.clippedBy, `${where}: '${words.logout}' is cut off`).toEqual([]);
        // The whole word is laid out on one line inside the button, not squeezed out of it.
        const fits = await logout.evaluate((element) => element.scrollWidth <= element.clientWidth + 1);
        expect(fits, `${where}: '${words.logout}' fits its button`).toBe(true);

        const links = await clipsOf(page, 'header nav a');
        expect(links.length, where).toBeGreaterThanOrEqual(6);
        for (const link of links) expect(link.clippedBy, `${where}: '${link.text}' is cut off`).toEqual([]);
        // Nothing in the header lies over 'Uitloggen'.
        for (const link of links)
          expect(
            link.right <= (button?.left ?? 0) || link.top >= (button?.bottom ?? 0) || link.bottom <= (button?.top ?? 0),
            `${where}: '${link.text}' overlaps '${words.logout}'`,
          ).toBe(true);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          `${where}: the page scrolls sideways`,
        ).toBe(true);
      }
    }
  });
});
