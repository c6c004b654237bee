import type { Page } from 'playwright-core';
import { CaseClientViewResponseSchema } from '../../src/contract/cases';
import type { Journey } from './journey';
import type { sessionCache } from './login';

/**
 * Every screen of the client, the lawyer and the admin (issue 13), with a session for each role.
 * Shared by the language walk and the accessibility walk so both cover the same screens.
 */
export async function allScreens(journey: Journey, session: ReturnType<typeof sessionCache>) {
  const client = await session(journey.product, 'client05@example.com');
  const mine = CaseClientViewResponseSchema.parse(
    await (await fetch(`${journey.product.baseUrl}/api/cases/mine`, { headers: { Authorization: `Bearer ${client.token}` } })).json(),
  ).data;
  return {
    client,
    lawyer: await session(journey.product, 'sanne.jansen@example.com'),
    admin: await session(journey.product, 'beheer@example.com'),
    clientPaths: ['/', '/mijn-verhaal', '/mijn-verhaal/werkgever-gegevens', '/mijn-verhaal/verhaal-gegevens', '/documenten', '/berichten', '/offerte', '/opdrachtbevestiging', '/instellingen'],
    lawyerPaths: ['/dossiers', `/dossiers/${mine.id}`, `/dossiers/${mine.id}/documenten`, `/dossiers/${mine.id}/berichten`, '/feedback', '/account'],
    adminPaths: ['/beheer', '/beheer/dossiers', '/beheer/audit', '/beheer/outbox', '/beheer/account'],
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
      const loadingShown = [...document.querySelectorAll('[role="status"]')].some((element) => pattern.test(element.textContent ?? ''));
      return !busy && !loadingShown;
    },
    loading.source,
    { timeout: 30_000 },
  );
}
