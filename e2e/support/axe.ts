import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * Runs axe-core in the page against WCAG 2.0–2.2 A and AA and axe's best practices. The
 * script is evaluated through the DevTools protocol, so the page's strict CSP stays on.
 */
export async function findAccessibilityViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: unknown,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

export const UNSUBSCRIBE_NL = {
  title: 'Afmelden voor e-mails',
  confirm: 'Afmelden',
  invalid: 'Deze afmeldlink is ongeldig.',
  missing: 'Deze afmeldlink is onvolledig.',
};
export const UNSUBSCRIBE_EN = {
  title: 'Unsubscribe from emails',
  confirm: 'Unsubscribe',
  invalid: 'This unsubscribe link is not valid.',
  missing: 'This unsubscribe link is incomplete.',
};

/** The unsubscribe page of a mail (no login): asking, a link that is not valid, and one without a token. */
export async function checkUnsubscribePage(page: Page, texts: typeof UNSUBSCRIBE_NL): Promise<void> {
  // A well-formed link whose signature is wrong: the page asks first, and the server refuses it.
  await page.goto('/afmelden?token=00000000-0000-4000-8000-000000000000.phase_changes.bm90LXNpZ25lZA');
  await page.getByRole('heading', { name: texts.title }).waitFor();
  expect(await findAccessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: texts.confirm }).click();
  await page.getByRole('alert').filter({ hasText: texts.invalid }).waitFor();
  expect(await findAccessibilityViolations(page)).toEqual([]);
  await page.goto('/afmelden');
  await page.getByRole('alert').filter({ hasText: texts.missing }).waitFor();
  expect(await findAccessibilityViolations(page)).toEqual([]);
}
