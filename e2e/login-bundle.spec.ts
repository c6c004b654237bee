import { describe, expect, it } from 'vitest';
import { measureLoginJs } from '../bench/login-js';
import { useSharedJourney } from './support/journey';

const SIGNED_IN_CHUNKS = new RegExp(
  'app-layout|dashboard|my-story|personal-data|employer|story-page|documents|offer|review|' +
    'cases|case-detail|general-tab|feedback|account',
);

describe('the JavaScript of /login', () => {
  const journey = useSharedJourney();

  it('downloads no lawyer or client screens and no translations, within the 160 KiB gzip budget', async () => {
    const report = await measureLoginJs(journey.product.baseUrl);
    console.info(
      `login JS: ${report.totalGzipKiB} KiB ` +
        `gzip\n${report.files.map((file) => `  ${file.gzipKiB.toFixed(1).padStart(6)} KiB  ${file.url}`).join('\n')}`,
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

  it('leaves the forms chunk out of the client dashboard’s first load: its feedback dialog loads on open', async () => {
    const html = await (await fetch(`${journey.product.baseUrl}/`)).text();
    const row = /\["\^\/\$",1,\[([^\]]*)\]/.exec(html);
    expect(row?.[1]).toContain('/assets/dashboard-page-');
    expect(row?.[1]).not.toContain('/assets/forms-');
  });

  it('keeps the forms chunk out of /documenten and case detail: text field in core, finish dialog lazy', async () => {
    const html = await (await fetch(`${journey.product.baseUrl}/`)).text();
    const documents = /\["\^\/documenten\$",1,\[([^\]]*)\]/.exec(html);
    expect(documents?.[1]).toContain('/assets/documents-page-');
    expect(documents?.[1]).not.toContain('/assets/forms-');
    const caseDetail = /\["\^\/dossiers\/\(\[0-9a-f-\]\{36\}\)\$",1,\[([^\]]*)\]/.exec(html);
    expect(caseDetail?.[1]).toContain('/assets/case-detail-layout-');
    expect(caseDetail?.[1]).not.toContain('/assets/forms-');
  });

  it('starts each measured signed-in page with the app chunk and its own chunks only, no small shared', async () => {
    const html = await (await fetch(`${journey.product.baseUrl}/`)).text();
    const rows = [...html.matchAll(/\["\^[^"]*",1,\[([^\]]*)\]/g)].map((match) =>
      (match[1] ?? '').split(',').map((file) => /\/assets\/(.+)-[\w-]{8}\.js"$/.exec(file)?.[1]),
    );
    expect(rows).toEqual([
      ['app', 'dashboard-page'],
      ['app', 'documents-page'],
      ['app', 'cases-page'],
      ['app', 'case-detail-layout', 'general-tab-page'],
    ]);
  });
});
