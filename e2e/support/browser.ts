import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let shared: Promise<Browser> | undefined;

/**
 * The fork's Chromium, launched by the first journey file and kept for the next ones (the e2e
 * project shares modules within a fork, `isolate: false`): each test still gets contexts of its
 * own, closed after it. A browser that crashed or was closed is launched again. Playwright ends
 * it when the fork exits.
 */
export async function sharedBrowser(): Promise<Browser> {
  const current = shared && (await shared.catch(() => undefined));
  if (current?.isConnected()) return current;
  shared = launchBrowser();
  return shared;
}

/** Debian's Chromium, headless, without any network of its own (never a downloaded browser). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export type ErrorWatch = {
  /** Console errors, page errors and failed requests seen so far. */
  errors: string[];
  /** Throws when anything unexpected was seen (console errors fail a journey). */
  assertClean: () => void;
};

/**
 * Records console errors and uncaught page errors. `allow` lists console messages a journey
 * expects, such as the browser's own "Failed to load resource … 429" line for a refused resend.
 */
export function watchErrors(page: Page, allow: RegExp[] = []): ErrorWatch {
  const errors: string[] = [];
  const failedResponses: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400)
      failedResponses.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allow.some((pattern) => pattern.test(text))) return;
    errors.push(`console.error on ${page.url()}: ${text}`);
  });
  page.on('pageerror', (error) => errors.push(`page error on ${page.url()}: ${error.stack ?? error.message}`));
  return {
    errors,
    assertClean: () => {
      if (errors.length === 0) return;
      const responses = failedResponses.length > 0 ? `\nFailed responses:\n  ${failedResponses.join('\n  ')}` : '';
      throw new Error(`The page reported errors:\n${errors.join('\n')}${responses}`);
    },
  };
}

export type ContextOptions = {
  baseUrl: string;
  viewport?: { width: number; height: number };
  /**
   * Whether the portal's service worker may install. Off by default: it is the subject of the
   * PWA journeys only (pwa*.spec.ts ask for 'allow'). Off, Playwright's `page.route` sees every
   * request (it does not see those a service worker answers), and no page depends on what the
   * worker kept earlier. docs/testing.md gives what it changed in the browsers' CPU.
   */
  serviceWorkers?: 'allow' | 'block';
};

export async function newContext(
  browser: Browser,
  { baseUrl, viewport = { width: 1280, height: 900 }, serviceWorkers = 'block' }: ContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    serviceWorkers,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  return context;
}
