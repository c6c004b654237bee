import { describe, expect, it } from 'vitest';
import { measureLoginJs } from '../bench/login-js';
import { useJourney } from './support/journey';

const SIGNED_IN_CHUNKS = /app-layout|dashboard|my-story|personal-data|employer|story-page|documents|offer|review|cases|case-detail|general-tab|feedback|account/;

describe('the JavaScript of /login', () => {
  const journey = useJourney();

  it('downloads no lawyer or client screens and no translations, within the 160 KiB gzip budget', async () => {
    const report = await measureLoginJs(journey.product.baseUrl);
    console.info(
      `login JS: ${report.totalGzipKiB} KiB gzip\n${report.files.map((file) => `  ${file.gzipKiB.toFixed(1).padStart(6)} KiB  ${file.url}`).join('\n')}`,
    );
    expect(report.files.length).toBeGreaterThan(0);
    expect(report.files.map((file) => file.url).filter((url) => SIGNED_IN_CHUNKS.test(url))).toEqual([]);
    expect(report.totalGzipKiB).toBeLessThanOrEqual(160);

    // Translations are fetched from /i18n/{language}.json, never bundled.
    for (const file of report.files) {
      const source = await (await fetch(`${journey.product.baseUrl}${file.url}`)).text();
      expect(source, file.url).not.toContain('Log in op je portaal');
      expect(source, file.url).not.toContain('Log in to your portal');
    }
  });
});
