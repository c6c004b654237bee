import type { Page } from 'playwright-core';
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
