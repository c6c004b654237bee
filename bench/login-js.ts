import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export type LoginJsFile = { url: string; gzipKiB: number };
export type LoginJsReport = { totalGzipKiB: number; files: LoginJsFile[] };

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The JavaScript a browser downloads for /login (budget: at most 160 KiB gzip, all
 * chunks together). Loads the page in Debian's Chromium, records every JavaScript response
 * until the network is idle, gzips each body (node:zlib, default level) and sums them.
 * Largest files first.
 */
export async function measureLoginJs(baseUrl: string): Promise<LoginJsReport> {
  const browser = await chromium.launch({
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
    ],
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<LoginJsFile | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type !== 'script' && !/javascript|ecmascript/.test(contentType)) return;
      pending.push(
        response
          .body()
          .then((body) => ({ url: new URL(response.url()).pathname, gzipKiB: round(gzipSync(body).length / 1024) }))
          .catch(() => null),
      );
    });
    await page.goto(new URL('/login', baseUrl).href, { waitUntil: 'networkidle' });
    await page.getByRole('button').first().waitFor();
    const files = (await Promise.all(pending))
      .filter((file): file is LoginJsFile => file !== null)
      .sort((a, b) => b.gzipKiB - a.gzipKiB);
    const totalGzipKiB = round(files.reduce((sum, file) => sum + file.gzipKiB, 0));
    await context.close();
    return { totalGzipKiB, files };
  } finally {
    await browser.close();
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
