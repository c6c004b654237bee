import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newContext, sharedBrowser, watchErrors, type ErrorWatch } from './browser';
import { sharedProduct, startProduct, type Product } from './product';

export type Journey = {
  product: Product;
  browser: Browser;
  /** A fresh browser context (own storage) and page whose console errors fail the test. */
  openPage: (options?: {
    allowConsole?: RegExp[];
    viewport?: { width: number; height: number };
    serviceWorkers?: 'allow' | 'block';
  }) => Promise<{ context: BrowserContext; page: Page; watch: ErrorWatch }>;
  /** Another page in the same context (a second tab sharing localStorage). */
  openTab: (
    context: BrowserContext,
    options?: { allowConsole?: RegExp[] },
  ) => Promise<{ page: Page; watch: ErrorWatch }>;
};

/**
 * One real product (built server, fresh data directory, SMTP peer) per e2e file, and the fork's
 * Chromium. After each test every page opened must be free of console errors; contexts are closed.
 * For a journey that changes demo data others read, or needs settings of its own (`env`; a
 * function when they are known only once something else has started, such as a stand-in's URL).
 */
export function useJourney(
  options: { env?: Record<string, string> | (() => Promise<Record<string, string>>) } = {},
): Journey {
  return journeyOn(async () =>
    startProduct({ env: typeof options.env === 'function' ? await options.env() : options.env }),
  );
}

/**
 * The fork's shared product (support/product.ts `sharedProduct`: the test build with the session
 * mint, kept for all the fork's files) and the fork's Chromium. Cheaper than `useJourney`: no
 * server start per file, sessions without mail (`sessionCache`, `mintSession`). A journey on it
 * must not change what another file reads: it makes its own data (unique addresses, a staff
 * account created through the admin API) or only reads the demo data.
 */
export function useSharedJourney(): Journey {
  return journeyOn(sharedProduct);
}

function journeyOn(start: () => Promise<Product>): Journey {
  const contexts: BrowserContext[] = [];
  const watches: ErrorWatch[] = [];
  let product: Product | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [product, browser] = await Promise.all([start(), sharedBrowser()]);
  });

  afterEach(async () => {
    const seen = watches.splice(0);
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    for (const watch of seen) watch.assertClean();
  });

  afterAll(async () => {
    // The browser stays for the fork's next file (support/browser.ts); its contexts are closed.
    // A product of the file's own stops; the shared one stays (its stop does nothing).
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
      const context = await newContext(journey.browser, {
        baseUrl: journey.product.baseUrl,
        viewport: options.viewport,
        serviceWorkers: options.serviceWorkers,
      });
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
