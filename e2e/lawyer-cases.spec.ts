import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { expectPath, expectSelected, expectTitle, selectedText } from './support/expect-page';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';
import { apiGetsOnceStreamReady, countApiGets } from './support/requests';

describe('a lawyer runs their cases', () => {
  const journey = useJourney();
  const getSession = sessionCache();

  it('filters by a task, opens a case, changes its status, finishes it with answers and reactivates it', async () => {
    const { page } = await journey.openPage();
    await signIn(page, await getSession(journey.product, 'sanne.jansen@example.com'));
    await page.goto('/dossiers');
    await page.getByRole('heading', { level: 1, name: 'Mijn dossiers' }).waitFor();

    // The task filter 'Controles' (one case) narrows the list and lives in the URL.
    const tasks = page.getByRole('region', { name: 'Openstaande taken' });
    await tasks.getByRole('button', { name: /^Controles\b/ }).click();
    await expectPath(page, '/dossiers');
    expect(new URL(page.url()).searchParams.get('taak')).toBe('check');
    const table = page.getByRole('table', { name: 'Mijn dossiers' });
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('link', { name: 'Daan Bos' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // A reload shows the same list; sorting is in the URL too.
    await page.reload();
    await table.getByRole('link', { name: 'Daan Bos' }).waitFor();
    const groups = page.getByRole('navigation', { name: 'Filter op status' });
    await groups.getByRole('link', { name: 'Voltooid', exact: true }).click();
    await page.waitForURL(/groep=voltooid/);
    await table.getByRole('cell', { name: 'Voltooid' }).first().waitFor();
    await groups.getByRole('link', { name: 'Actief', exact: true }).click();
    await table.getByRole('button', { name: /Laatste update/ }).click();
    await page.waitForURL(/sort=last_update_at/);

    await page.goto('/dossiers?taak=check');
    await table.getByRole('link', { name: 'Daan Bos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dossier Daan Bos – Drukkerij Bos & Zn.' }).waitFor();
    await expectTitle(page, 'Daan Bos · Dossier – Algemeen | Ontslagportaal');
    await page.getByRole('heading', { name: 'Het verhaal van Daan Bos' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    // Offer start at 'Controles': the dropdown offers Documenten bestuderen, Controles and Klaar voor ondertekening.
    const status = page.getByRole('combobox', { name: 'Status' });
    expect(await status.locator('optgroup[label="Status veranderen"] > option').allTextContents()).toEqual([
      'Documenten bestuderen',
      'Controles',
      'Klaar voor ondertekening',
    ]);
    await status.selectOption({ label: 'Klaar voor ondertekening' });
    await expectSelected(status, 'Klaar voor ondertekening');

    // Finish: the dialog refuses blank answers, then saves answers and status.
    await page.getByRole('button', { name: 'Dit dossier voltooien' }).click();
    const dialog = page.getByRole('dialog', { name: 'Weet je zeker dat je dit dossier wilt afsluiten?' });
    await dialog.getByRole('button', { name: 'Dossier afsluiten' }).click();
    await dialog.getByText('Alle velden moeten ingevuld zijn.').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    const fields = dialog.getByRole('textbox');
    const count = await fields.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await fields.nth(i).fill(`Antwoord ${i + 1}`);
    // The end date of employment is a date field (dd-mm-yyyy on screen, YYYY-MM-DD sent).
    await dialog.getByLabel('Wat is de einddatum van het dienstverband?').fill('2027-01-31');
    await dialog.getByRole('button', { name: 'Dossier afsluiten' }).click();
    const done = page.getByRole('dialog', { name: 'Dossier voltooid ✅' });
    await done.getByText(/betalingsproces/).waitFor();
    await done.getByRole('button', { name: 'Sluiten' }).first().click();
    await done.waitFor({ state: 'detached' });
    expect(await selectedText(status)).toBe('Klaar voor facturatie');
    expect(await status.isDisabled()).toBe(true);

    // Reactivate: back to 'Klaar voor ondertekening'.
    await page.getByRole('button', { name: 'Dossier weer actief maken' }).click();
    await page.getByRole('button', { name: 'Dit dossier voltooien' }).waitFor();
    await expectSelected(status, 'Klaar voor ondertekening');

    // Back on the list the case is no longer a 'Controles' task.
    await page.getByRole('link', { name: 'Terug naar dossieroverzicht' }).click();
    const signing = tasks.getByRole('button', { name: /^Klaar voor ondertekening\b/ });
    await signing.waitFor();
    await expect.poll(() => signing.textContent()).toBe('Klaar voor ondertekening (2)');
    expect(await tasks.getByRole('button', { name: /Controles/ }).count()).toBe(0);
  });

  it('shows the list as cards and the finish button on a phone, and a missing case', async () => {
    // The browser itself logs the 404 of the missing case's request.
    const { page } = await journey.openPage({ viewport: { width: 360, height: 780 }, allowConsole: [/status of 404/] });
    await signIn(page, await getSession(journey.product, 'daan.visser@example.com'));
    await page.goto('/dossiers');
    await page.getByRole('link', { name: 'Levi Dekker' }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Levi Dekker' }).click();
    await page.getByRole('heading', { level: 1, name: /Dossier Levi Dekker/ }).waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Dit dossier voltooien' }).waitFor();
    await page.goto('/dossiers/00000000-0000-4000-8000-000000000000');
    await page.getByText('Geen dossier gevonden.').waitFor();
  });

  it('opens /dossiers and a case with one request per piece of data, also once the live stream is up', async () => {
    const { page } = await journey.openPage();
    await signIn(page, await getSession(journey.product, 'daan.visser@example.com'));
    await countApiGets(page);
    await page.goto('/dossiers');
    const table = page.getByRole('table', { name: 'Mijn dossiers' });
    await table.getByRole('row').nth(1).waitFor();
    const list = await apiGetsOnceStreamReady(page);
    expect(Object.entries(list).filter(([, count]) => count > 1)).toEqual([]);
    expect(Object.keys(list)).toEqual(expect.arrayContaining(['/api/cases/count-by-status', '/api/feedbacks/latest']));

    // A case opened by its address (a new page load, as from a bookmark).
    const href = (await table.getByRole('link').first().getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/dossiers\/[0-9a-f-]{36}$/);
    await page.goto(href);
    await page.getByRole('heading', { level: 1, name: /^Dossier / }).waitFor();
    const detail = await apiGetsOnceStreamReady(page);
    expect(Object.entries(detail).filter(([, count]) => count > 1)).toEqual([]);
    expect(detail['/api/statuses']).toBe(1);
  });
});
