import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CaseClientViewResponseSchema } from '../src/contract/cases';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import type { Product } from './support/product';
import { getSession, readMailedCode, staffFactorOf, totpNow } from './support/login';

/**
 * Every journey can be done by keyboard alone. One journey per role, driven
 * only by page.keyboard (Tab, Shift+Tab, Enter, Space, typing): locators are used to check
 * where the focus is, never to click or fill. At each step the focused element must show a
 * focus indicator (an outline or a ring).
 */

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `limit` presses. */
async function tabTo(
  page: Page,
  target: Locator,
  options: { backwards?: boolean; limit?: number } = {},
): Promise<void> {
  const limit = options.limit ?? 150;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await expectFocusVisible(page);
      return;
    }
  }
  throw new Error(`${limit} presses of Tab did not reach ${target.toString()}`);
}

/** The focused element shows a visible focus indicator: :focus-visible with an outline or a ring (box-shadow). */
async function expectFocusVisible(page: Page): Promise<void> {
  const state = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { visible: false, what: 'body' };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    const box = element.getBoundingClientRect();
    const inView = box.width > 0 && box.height > 0;
    return {
      visible: element.matches(':focus-visible') && (outline || ring) && inView,
      what: element.outerHTML.slice(0, 160),
    };
  });
  expect(state.visible, `focus indicator on ${state.what}`).toBe(true);
}

/** Selects the whole value of the focused field and types `value` over it. */
async function typeOver(page: Page, value: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(value);
}

/** A staff member's first sign-in on this product by keyboard: e-mail, mailed code, then TOTP enrolment. */
async function staffLoginByKeyboard(page: Page, journey: { product: Product }, email: string): Promise<void> {
  const { product } = journey;
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();
  const since = product.smtp.messages.length;
  await tabTo(page, page.getByLabel('E-mailadres'));
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Vul je code in' }).waitFor();
  await tabTo(page, page.getByRole('textbox', { name: 'Teken 1 van 6' }));
  await page.keyboard.type(await readMailedCode(product, email, since));
  await page.keyboard.press('Enter');

  await page.getByRole('heading', { name: 'Stel tweestapsverificatie in' }).waitFor();
  expect(staffFactorOf(product, email)).toBeUndefined();
  await page.getByRole('img', { name: 'QR-code om je account aan je authenticator-app toe te voegen' }).waitFor();
  // The enrolment screens are not in the screen list (they need a fresh staff sign-in): axe them here.
  expect(await findAccessibilityViolations(page)).toEqual([]);
  // Reading the key is what the person's authenticator app does; the page is only read here.
  const secret = (await page.getByLabel('Sleutel om handmatig in te voeren').inputValue()).replace(/\s+/g, '');
  await tabTo(page, page.getByRole('textbox', { name: 'Teken 1 van 6' }));
  await page.keyboard.type(totpNow(secret));
  await tabTo(page, page.getByRole('button', { name: 'Bevestigen' }));
  await page.keyboard.press('Enter');
  await page.getByRole('list', { name: 'Herstelcodes' }).waitFor();
  expect(await findAccessibilityViolations(page)).toEqual([]);
  await tabTo(page, page.getByRole('button', { name: 'Ik heb mijn herstelcodes bewaard' }));
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login/tweestapsverificatie');
}

describe('keyboard only', () => {
  const journey = useJourney();

  it('a client logs in with the mailed code, fills and saves a form and reaches the upload control', async () => {
    const { product } = journey;
    const email = 'client04@example.com';
    const { page } = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();

    const since = product.smtp.messages.length;
    await tabTo(page, page.getByLabel('E-mailadres'));
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Vul je code in' }).waitFor();
    const code = await readMailedCode(product, email, since);
    await tabTo(page, page.getByRole('textbox', { name: 'Teken 1 van 6' }));
    await page.keyboard.type(code);
    await tabTo(page, page.getByRole('button', { name: 'Inloggen' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    // Open 'Mijn verhaal' from the navigation, fill the form and save it
    await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Mijn verhaal' }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/mijn-verhaal');
    for (const [label, value] of [
      ['Voornaam', 'Fenna'],
      ['Achternaam', 'Bakker'],
      ['Plaats', 'Rotterdam'],
    ] as const) {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await typeOver(page, value);
    }
    await tabTo(page, page.getByRole('button', { name: 'Opslaan' }));
    await page.keyboard.press('Enter');
    await page.getByText('Je wijzigingen zijn succesvol opgeslagen').waitFor();

    // To the documents, and the upload control opens the file chooser from the keyboard
    await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Documenten' }).first(), {
      backwards: true,
    });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Jouw documenten' }).waitFor();
    const upload = page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^Uploaden/ });
    // Listening before the Tab presses: Playwright turns on its file-chooser interception when the
    // first listener comes, asynchronously, and an Enter sent at once could beat it under load.
    const chooserOpened = page.waitForEvent('filechooser');
    await tabTo(page, upload);
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    expect(chooser.isMultiple()).toBe(false);
  });

  it('a lawyer logs in with the code and TOTP, opens a case from /dossiers and approves a document', async () => {
    const { product } = journey;
    const email = 'sanne.jansen@example.com';
    // A client of hers uploads a document first (through the API: this journey is the lawyer's).
    const client = await getSession(product, 'client03@example.com');
    const mine = CaseClientViewResponseSchema.parse(
      await (
        await fetch(`${product.baseUrl}/api/cases/mine`, { headers: { Authorization: `Bearer ${client.token}` } })
      ).json(),
    ).data;
    const slot = mine.documents.find(
      (document) => document.mandatory && !document.locked && document.status !== 'Approved',
    );
    expect(slot).toBeTruthy();
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4\n% toetsenbord\n%%EOF\n'], { type: 'application/pdf' }), 'toetsenbord.pdf');
    const uploaded = await fetch(`${product.baseUrl}/api/documents/${slot?.id}/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${client.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const title = slot?.title ?? '';
    const clientName = [client.user.name, client.user.infix, client.user.last_name].filter(Boolean).join(' ');

    const { page } = await journey.openPage({ viewport: { width: 1280, height: 900 } });
    await staffLoginByKeyboard(page, journey, email);
    await page.waitForURL((url) => url.pathname === '/dossiers');

    // Open the client's case from the list
    await tabTo(page, page.getByRole('link', { name: new RegExp(clientName) }).first(), { limit: 300 });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/dossiers/${mine.id}`);
    await tabTo(page, page.getByRole('link', { name: /^Documenten/ }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/dossiers/${mine.id}/documenten`);

    // Approve the upload
    const card = page.getByRole('article', { name: title });
    await card.getByText('Geüpload', { exact: true }).waitFor();
    await tabTo(page, card.getByRole('button', { name: /^Goedkeuren/ }));
    await page.keyboard.press('Enter');
    await card.getByText('Goedgekeurd', { exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          const response = await fetch(`${product.baseUrl}/api/cases/mine`, {
            headers: { Authorization: `Bearer ${client.token}` },
          });
          return CaseClientViewResponseSchema.parse(await response.json()).data.documents.find(
            (document) => document.id === slot?.id,
          )?.status;
        },
        { timeout: 10_000 },
      )
      .toBe('Approved');
  });

  it('an admin on a phone logs in with code and TOTP, adds a lawyer, reaches the audit log via the menu', async () => {
    const { page } = await journey.openPage({ viewport: { width: 360, height: 740 } });
    await staffLoginByKeyboard(page, journey, 'beheer@example.com');
    await page.waitForURL((url) => url.pathname === '/beheer');
    for (const [label, value] of [
      ['Voornaam', 'Toos'],
      ['Achternaam', 'Toetsenbord'],
      ['E-mailadres', 'toos.toetsenbord@example.com'],
    ] as const) {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.getByRole('button', { name: 'Jurist toevoegen' }));
    await page.keyboard.press('Enter');
    await page.getByText('Toos Toetsenbord is toegevoegd.', { exact: false }).waitFor();

    // The narrow layout's menu opens, is walked and closes by keyboard
    await tabTo(page, page.getByRole('button', { name: 'Menu openen' }), { backwards: true });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await tabTo(page, menu.getByRole('link', { name: 'Audit' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/beheer/audit');
    await menu.waitFor({ state: 'hidden' });
    // The action is a list of actions in words: typing picks one, then 'Filteren' applies it.
    await tabTo(page, page.getByLabel('Actie'));
    await page.keyboard.type('Jurist aangemaakt');
    await tabTo(page, page.getByRole('button', { name: 'Filteren' }));
    await page.keyboard.press('Enter');
    await page.getByRole('cell', { name: 'Jurist aangemaakt' }).first().waitFor();
  });
});
