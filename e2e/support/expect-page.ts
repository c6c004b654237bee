import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the page is at `pathname` (the app navigates on the client, so no load event). */
export async function expectPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { waitUntil: 'commit' });
  expect(new URL(page.url()).pathname).toBe(pathname);
}

/** Waits until the tab title is `title`. */
export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title);
  expect(await page.title()).toBe(title);
}

/** The text of a native `<select>`'s chosen option (what the user sees in the closed field). */
export function selectedText(select: Locator): Promise<string> {
  return select.evaluate((element) =>
    element instanceof HTMLSelectElement ? (element.selectedOptions[0]?.textContent ?? '') : '',
  );
}

/** Waits until the native `<select>` shows the option `text`. */
export async function expectSelected(select: Locator, text: string): Promise<void> {
  await expect.poll(() => selectedText(select), { timeout: 10_000 }).toBe(text);
}
