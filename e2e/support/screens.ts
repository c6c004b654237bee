import type { Page } from 'playwright-core';
import { CaseClientViewResponseSchema } from '../../src/contract/cases';
import type { Journey } from './journey';
import { findAccessibilityViolations, type AxeViolation } from './axe';
import { signIn, type sessionCache } from './login';

/** A screen reached from a loaded page by a step (opening a form), not by an address of its own. */
type ScreenStep = (page: Page) => Promise<void>;

/**
 * The lawyer's invoice editor for an invoice to the employer (with its KvK number and VAT id), opened on the tab
 * 'Facturen' of a case at 'Klaar voor facturatie'. The form then holds a change, so leaving the page asks first: the
 * walk says yes and goes on. Nothing is saved.
 */
const openInvoiceEditor: ScreenStep = async (page) => {
  await page.getByRole('button', { name: /^(Lege conceptfactuur|Empty draft invoice)$/ }).click();
  await page.getByRole('radio', { name: /^(De werkgever|The employer)$/ }).check();
  await page.getByRole('textbox', { name: /^(KvK-nummer van de werkgever|Employer's KvK number)/ }).waitFor();
  page.once('dialog', (dialog) => void dialog.accept());
};

/**
 * Every screen of the client, the lawyer and the admin, with a session for each role.
 * Shared by the language walk and the accessibility walk so both cover the same screens. A path with a '#' names a
 * screen that `steps` opens from the loaded page.
 */
export async function allScreens(journey: Journey, session: ReturnType<typeof sessionCache>) {
  const client = await session(journey.product, 'client05@example.com');
  const mine = CaseClientViewResponseSchema.parse(
    await (
      await fetch(`${journey.product.baseUrl}/api/cases/mine`, { headers: { Authorization: `Bearer ${client.token}` } })
    ).json(),
  ).data;
  // Finn van den Berg's case at 'Klaar voor facturatie' (lawyer Sanne Jansen): the lawyer may prepare an invoice.
  const invoicing = (await session(journey.product, 'client10@example.com')).user.case?.id as string;
  const editorPath = `/dossiers/${invoicing}/facturen#conceptfactuur`;
  return {
    client,
    lawyer: await session(journey.product, 'sanne.jansen@example.com'),
    admin: await session(journey.product, 'beheer@example.com'),
    clientPaths: [
      '/',
      '/mijn-verhaal',
      '/mijn-verhaal/werkgever-gegevens',
      '/mijn-verhaal/verhaal-gegevens',
      '/documenten',
      '/berichten',
      '/offerte',
      '/opdrachtbevestiging',
      '/facturen',
      '/instellingen',
    ],
    lawyerPaths: [
      '/dossiers',
      `/dossiers/${mine.id}`,
      `/dossiers/${mine.id}/documenten`,
      `/dossiers/${mine.id}/berichten`,
      `/dossiers/${mine.id}/facturen`,
      `/dossiers/${invoicing}/facturen`,
      '/archief',
      '/feedback',
      '/account',
      // Last: the editor leaves the page with a change in it.
      editorPath,
    ],
    adminPaths: [
      '/beheer',
      '/beheer/dossiers',
      '/beheer/inzicht',
      '/beheer/audit',
      '/beheer/outbox',
      '/beheer/archief',
      '/beheer/facturen',
      '/beheer/account',
    ],
    steps: { [editorPath]: openInvoiceEditor } as Record<string, ScreenStep>,
  };
}

/** Opens `path` and waits until it has loaded: a heading, nothing busy, no loading status matching `loading`. */
export async function openScreen(page: Page, path: string, loading: RegExp = /laden/): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    (source) => {
      const busy = document.querySelector('[aria-busy="true"]');
      const pattern = new RegExp(source, 'i');
      const loadingShown = [...document.querySelectorAll('[role="status"]')].some((element) =>
        pattern.test(element.textContent ?? ''),
      );
      return !busy && !loadingShown;
    },
    loading.source,
    { timeout: 30_000 },
  );
}

export type Role = 'client' | 'lawyer' | 'admin';

/**
 * Opens every screen of every role (or of `roles` only) at one viewport, signed in with the given settings (such as
 * `{ language: 'en-US' }`), and runs `check` on each once it has loaded.
 */
export async function walkScreens(
  journey: Journey,
  session: ReturnType<typeof sessionCache>,
  viewport: { width: number; height: number },
  options: { settings?: Record<string, unknown>; loading?: RegExp; roles?: readonly Role[] },
  check: (page: Page, role: Role, path: string) => Promise<void>,
): Promise<void> {
  const all = await allScreens(journey, session);
  for (const [role, who, paths] of [
    ['client', all.client, all.clientPaths],
    ['lawyer', all.lawyer, all.lawyerPaths],
    ['admin', all.admin, all.adminPaths],
  ] as const) {
    if (options.roles && !options.roles.includes(role)) continue;
    const { page } = await journey.openPage({ viewport });
    await signIn(page, who, options.settings);
    for (const path of paths) {
      await openScreen(page, path, options.loading);
      await all.steps[path]?.(page);
      await check(page, role, path);
    }
  }
}

/**
 * axe on every screen of every role at one viewport (`walkScreens`); returns the screens that
 * have violations. `also` runs another check on the same page load of each screen.
 */
export async function screensWithViolations(
  journey: Journey,
  session: ReturnType<typeof sessionCache>,
  viewport: { width: number; height: number },
  options: {
    settings?: Record<string, unknown>;
    loading?: RegExp;
    roles?: readonly Role[];
    also?: (page: Page, path: string) => Promise<void>;
  } = {},
): Promise<{ role: string; path: string; violations: AxeViolation[] }[]> {
  const found: { role: string; path: string; violations: AxeViolation[] }[] = [];
  await walkScreens(journey, session, viewport, options, async (page, role, path) => {
    const violations = await findAccessibilityViolations(page);
    if (violations.length > 0) found.push({ role, path, violations });
    await options.also?.(page, path);
  });
  return found;
}
