import type { Page } from 'playwright-core';
import { CaseClientViewResponseSchema } from '../../src/contract/cases';
import type { Journey } from './journey';
import { findAccessibilityViolations, type AxeViolation } from './axe';
import { signIn, type sessionCache } from './login';

/**
 * Every screen of the client, the lawyer and the admin, with a session for each role.
 * Shared by the language walk and the accessibility walk so both cover the same screens.
 */
export async function allScreens(journey: Journey, session: ReturnType<typeof sessionCache>) {
  const client = await session(journey.product, 'client05@example.com');
  const mine = CaseClientViewResponseSchema.parse(
    await (
      await fetch(`${journey.product.baseUrl}/api/cases/mine`, { headers: { Authorization: `Bearer ${client.token}` } })
    ).json(),
  ).data;
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
      '/instellingen',
    ],
    lawyerPaths: [
      '/dossiers',
      `/dossiers/${mine.id}`,
      `/dossiers/${mine.id}/documenten`,
      `/dossiers/${mine.id}/berichten`,
      '/archief',
      '/feedback',
      '/account',
    ],
    adminPaths: [
      '/beheer',
      '/beheer/dossiers',
      '/beheer/inzicht',
      '/beheer/audit',
      '/beheer/outbox',
      '/beheer/archief',
      '/beheer/account',
    ],
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
