import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CaseClientViewResponseSchema } from '../src/contract/cases';
import { expectTitle } from './support/expect-page';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

/** The layout at a 360 px phone. */
const PHONE = { width: 360, height: 740 };
const LONG_EMAIL = 'personeelszaken.afdeling-noord@retailgroep-zuid-dordrecht.example.com';

/** Every link of the named tab strip lies wholly inside the viewport and is not clipped by its list. */
async function expectAllTabsVisible(page: Page, stripName: string): Promise<void> {
  const strip = page.getByRole('navigation', { name: stripName });
  await strip.getByRole('link').first().waitFor();
  const boxes = await strip.evaluate((nav) => {
    const list = nav.querySelector('ul');
    const clip = (list ?? nav).getBoundingClientRect();
    return [...nav.querySelectorAll('a')].map((a) => {
      const r = a.getBoundingClientRect();
      return {
        text: a.textContent,
        left: r.left,
        right: r.right,
        clipLeft: clip.left,
        clipRight: clip.right,
        width: window.innerWidth,
      };
    });
  });
  expect(boxes.length).toBeGreaterThan(1);
  for (const box of boxes) {
    expect(box.left, `${box.text} starts inside the screen`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${box.text} ends inside the screen`).toBeLessThanOrEqual(box.width);
    expect(box.right, `${box.text} is not scrolled out of its strip`).toBeLessThanOrEqual(box.clipRight + 0.5);
    expect(box.left, `${box.text} is not scrolled out of its strip`).toBeGreaterThanOrEqual(box.clipLeft - 0.5);
  }
}

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Per link of the navigation: its text, how many lines it lays out on, and the top of its box. */
async function navLines(
  page: Page,
  navName: string,
): Promise<{ text: string | undefined; lines: number; top: number }[]> {
  const nav = page.getByRole('navigation', { name: navName });
  await nav.getByRole('link').first().waitFor();
  return nav.getByRole('link').evaluateAll((links) =>
    links.map((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      const tops = new Set(
        [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 8).map((r) => Math.round(r.top)),
      );
      return { text: link.textContent?.trim(), lines: tops.size, top: Math.round(link.getBoundingClientRect().top) };
    }),
  );
}

/**
 * The mandatory-document cards of a lawyer's case lie in rows: per row one height, and the actions ('Meer acties') on
 * one line.
 */
async function expectCardsAligned(page: Page): Promise<void> {
  const section = page.getByRole('region', { name: 'Verplichte documenten' });
  await section.getByRole('article').first().waitFor();
  const cards = await section.getByRole('article').evaluateAll((articles) =>
    articles.map((article) => {
      const box = article.getBoundingClientRect();
      const more = [...article.querySelectorAll('button')].find((b) =>
        b.getAttribute('aria-label')?.startsWith('Meer acties'),
      );
      return {
        title: article.querySelector('h3')?.textContent,
        top: Math.round(box.top),
        height: Math.round(box.height),
        actionsTop: more ? Math.round(more.getBoundingClientRect().top) : null,
      };
    }),
  );
  expect(cards.length).toBeGreaterThan(1);
  const rows = new Map<number, typeof cards>();
  for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
  expect(
    [...rows.values()].some((row) => row.length > 1),
    'at least one row with two cards',
  ).toBe(true);
  for (const row of rows.values()) {
    expect(new Set(row.map((card) => card.height)).size, `${row.map((c) => c.title).join(', ')}: one height`).toBe(1);
    expect(
      new Set(row.map((card) => card.actionsTop)).size,
      `${row.map((c) => c.title).join(', ')}: actions on one line`,
    ).toBe(1);
  }
}

describe('the portal on a 360 px phone', () => {
  const journey = useJourney();
  const session = sessionCache();

  it("the client's 'Jouw jurist' button covers nothing once the dashboard is scrolled to its end", async () => {
    const client = await session(journey.product, 'client05@example.com');
    const { page } = await journey.openPage({ viewport: PHONE });
    await signIn(page, client);
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Jouw jurist' });
    await button.waitFor();
    await page.getByRole('heading', { name: 'Jouw stappenplan' }).waitFor();
    await expectNoSidewaysScroll(page);

    // At the end of the page (footer in view), the button lies over no text, link, button or field.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(
      () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1,
    );
    const covered = await button.evaluate((self) => {
      const b = self.getBoundingClientRect();
      const hits: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>('main *, footer *')) {
        if (self.contains(element) || element.contains(self)) continue;
        const interactive = element.matches('a, button, input, select, textarea, img, svg');
        const text = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        if (!interactive && !text) continue;
        const r = element.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
          hits.push(`${element.tagName} ${element.textContent?.trim().slice(0, 40)}`);
      }
      return hits;
    });
    expect(covered).toEqual([]);
    // Still a floating button while the page scrolls: in view at the top of the page too.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => window.scrollY === 0);
    const box = await button.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  });

  it("keeps each phone menu item on one line ('Mijn verhaal' too); 'Wat is er gebeurd' has 'Toon meer'", async () => {
    // Seven events on a case of its own: seven messages of the client (each 'Bericht verstuurd').
    const client = await session(journey.product, 'client07@example.com');
    const headers = { Authorization: `Bearer ${client.token}`, 'Content-Type': 'application/json' };
    const mine = CaseClientViewResponseSchema.parse(
      await (await fetch(`${journey.product.baseUrl}/api/cases/mine`, { headers })).json(),
    ).data;
    for (let i = 1; i <= 7; i++) {
      const sent = await fetch(`${journey.product.baseUrl}/api/cases/${mine.id}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: `Vraag ${i}` }),
      });
      expect(sent.status).toBeLessThan(300);
    }
    const { page } = await journey.openPage({ viewport: PHONE });
    await signIn(page, client);
    await page.goto('/');
    const history = page.getByRole('region', { name: 'Wat is er gebeurd' });
    await history.getByRole('listitem').first().waitFor();
    expect(await history.getByRole('listitem').count()).toBe(5);
    await history.getByRole('button', { name: 'Toon meer' }).click();
    await expect.poll(() => history.getByRole('listitem').count()).toBeGreaterThanOrEqual(7);

    await page.getByRole('button', { name: 'Menu openen' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    const lines = await navLines(page, 'Menu');
    expect(lines.find((l) => l.text === 'Mijn verhaal')).toBeDefined();
    for (const line of lines) expect(line.lines, `${line.text} on one line`).toBe(1);
    await expectNoSidewaysScroll(page);
  });

  it("shows every tab of 'Mijn verhaal' at 360 px", async () => {
    const client = await session(journey.product, 'client05@example.com');
    const { page } = await journey.openPage({ viewport: PHONE });
    await signIn(page, client);
    await page.goto('/mijn-verhaal');
    await page.getByRole('heading', { level: 1, name: 'Mijn verhaal' }).waitFor();
    await expectAllTabsVisible(page, 'Onderdelen van mijn verhaal');
    await expectNoSidewaysScroll(page);
  });

  it("shows each case group and tab, names the client in tab titles, wraps long e-mail at '@' and '.'", async () => {
    const client = await session(journey.product, 'client05@example.com');
    const mine = CaseClientViewResponseSchema.parse(
      await (
        await fetch(`${journey.product.baseUrl}/api/cases/mine`, {
          headers: { Authorization: `Bearer ${client.token}` },
        })
      ).json(),
    ).data;
    const saved = await fetch(`${journey.product.baseUrl}/api/cases/${mine.id}/contact-persons`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${client.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ contact_persons: [{ first_name: 'Ingrid', last_name: 'Verhoeven', email: LONG_EMAIL }] }),
    });
    expect(saved.status).toBe(200);

    const lawyer = await session(journey.product, 'sanne.jansen@example.com');
    const { page } = await journey.openPage({ viewport: PHONE });
    await signIn(page, lawyer);
    await page.goto('/dossiers');
    await page.getByRole('heading', { level: 1, name: 'Mijn dossiers' }).waitFor();
    await expectAllTabsVisible(page, 'Filter op status');
    // No tab alone on a second line: the three group tabs share one row.
    const tops = await page
      .getByRole('navigation', { name: 'Filter op status' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expectNoSidewaysScroll(page);

    await page.goto(`/dossiers/${mine.id}`);
    await page.getByRole('heading', { level: 1, name: /Julia de Vries/ }).waitFor();
    await expectAllTabsVisible(page, 'Onderdelen van het dossier');
    await expectTitle(page, 'Julia de Vries · Dossier – Algemeen | Ontslagportaal');

    const address = page.locator('[data-email-address]', { hasText: 'personeelszaken' });
    await address.waitFor();
    await expectNoSidewaysScroll(page);
    // The characters that start a new line: each must be '@', '.', '-', '_' or '+' (a break before it).
    const lineStarts = await address.evaluate((element) => {
      const range = document.createRange();
      const starts: string[] = [];
      let lastTop: number | null = null;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        for (let i = 0; i < value.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (lastTop !== null && top > lastTop + 2) starts.push(value[i] ?? '');
          lastTop = top;
        }
      }
      const box = element.getBoundingClientRect();
      return { starts, right: box.right, width: window.innerWidth };
    });
    expect(lineStarts.starts.length).toBeGreaterThan(0);
    for (const first of lineStarts.starts) expect('@.-_+').toContain(first);
    expect(lineStarts.right).toBeLessThanOrEqual(lineStarts.width);
  });
});

describe('the portal on a 1366 px screen', () => {
  const journey = useJourney();
  const session = sessionCache();
  const DESKTOP = { width: 1366, height: 768 };

  it("keeps every menu label on one line; no floating 'Jouw jurist' button lies over 'Jouw stappenplan'", async () => {
    const client = await session(journey.product, 'client05@example.com');
    const { page } = await journey.openPage({ viewport: DESKTOP });
    await signIn(page, client);
    await page.goto('/');
    const plan = page.getByRole('region', { name: 'Jouw stappenplan' });
    await plan.getByRole('listitem').first().waitFor();
    const lines = await navLines(page, 'Hoofdmenu');
    expect(lines.find((l) => l.text === 'Mijn verhaal')).toBeDefined();
    for (const line of lines) expect(line.lines, `${line.text} on one line`).toBe(1);
    expect(new Set(lines.map((l) => l.top)).size).toBe(1);
    // Wherever the page is scrolled, nothing floats over the step titles.
    for (const y of [0, 300, 600, 100_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const covered = await plan.evaluate((section) => {
        const floating = [...document.querySelectorAll<HTMLElement>('main button')].filter(
          (b) => getComputedStyle(b).position === 'sticky' || getComputedStyle(b).position === 'fixed',
        );
        const hits: string[] = [];
        for (const button of floating) {
          const b = button.getBoundingClientRect();
          if (b.width === 0 || b.height === 0) continue;
          for (const title of section.querySelectorAll('li span')) {
            const r = title.getBoundingClientRect();
            if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top)
              hits.push(title.textContent ?? '');
          }
        }
        return hits;
      });
      expect(covered).toEqual([]);
    }
  });

  it('gives a lawyer case groups on one row, each menu item on one line, mandatory cards aligned', async () => {
    const client = await session(journey.product, 'client05@example.com');
    const mine = CaseClientViewResponseSchema.parse(
      await (
        await fetch(`${journey.product.baseUrl}/api/cases/mine`, {
          headers: { Authorization: `Bearer ${client.token}` },
        })
      ).json(),
    ).data;
    const lawyer = await session(journey.product, 'sanne.jansen@example.com');
    const { page } = await journey.openPage({ viewport: DESKTOP });
    await signIn(page, lawyer);
    await page.goto('/dossiers');
    await page.getByRole('heading', { level: 1, name: 'Mijn dossiers' }).waitFor();
    for (const line of await navLines(page, 'Hoofdmenu')) expect(line.lines, `${line.text} on one line`).toBe(1);
    const tops = await page
      .getByRole('navigation', { name: 'Filter op status' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);

    await page.goto(`/dossiers/${mine.id}/documenten`);
    await expectCardsAligned(page);
  });
});
