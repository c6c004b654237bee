import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, sharedBrowser, watchErrors, type ErrorWatch } from './browser';
import { startProduct, type Product } from './product';

export type Journey = {
  product: Product;
  browser: Browser;
  /** A fresh browser context (own storage) and page whose console errors fail the test. */
  openPage: (options?: { allowConsole?: RegExp[]; viewport?: { width: number; height: number } }) => Promise<{ context: BrowserContext; page: Page; watch: ErrorWatch }>;
  /** Another page in the same context (a second tab sharing localStorage). */
  openTab: (context: BrowserContext, options?: { allowConsole?: RegExp[] }) => Promise<{ page: Page; watch: ErrorWatch }>;
};

/**
 * One real product (built server, fresh data directory, SMTP peer) per e2e file, and the fork's
 * Chromium. After each test every page opened must be free of console errors; contexts are closed.
 */
export function useJourney(options: { env?: Record<string, string> } = {}): Journey {
  const contexts: BrowserContext[] = [];
  const watches: ErrorWatch[] = [];
  let product: Product | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct({ env: options.env }), sharedBrowser()]);
  });

  afterEach(async () => {
    const seen = watches.splice(0);
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    for (const watch of seen) watch.assertClean();
  });

  afterAll(async () => {
    // The browser stays for the fork's next file (support/browser.ts); its contexts are closed.
    await product?.stop();
  });

  const journey: Journey = {
    get product() {
      if (!product) throw new Error('The product is not started yet');
      return product;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not started yet');
      return browser;
    },
    async openPage(options = {}) {
      const context = await newContext(journey.browser, { baseUrl: journey.product.baseUrl, viewport: options.viewport });
      contexts.push(context);
      const { page, watch } = await journey.openTab(context, options);
      return { context, page, watch };
    },
    async openTab(context, options = {}) {
      const page = await context.newPage();
      const watch = watchErrors(page, options.allowConsole);
      watches.push(watch);
      return { page, watch };
    },
  };
  return journey;
}
