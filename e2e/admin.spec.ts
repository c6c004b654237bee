import { describe, expect, it } from 'vitest';
import { findAccessibilityViolations } from './support/axe';
import { expectPath, expectTitle } from './support/expect-page';
import { useJourney } from './support/journey';
import { loginThroughMail } from './support/login';

describe('the firm runs its portal from /beheer', () => {
  const journey = useJourney();

  it('admin creates a lawyer, who enrols TOTP and signs in; admin reassigns them a case, they open it', async () => {
    const { product } = journey;
    const admin = (await journey.openPage()).page;
    await admin.goto('/login');
    // The admin enrols their own second factor at the first sign-in, then lands on /beheer.
    await loginThroughMail(admin, product, 'beheer@example.com');
    await expectPath(admin, '/beheer');
    await expectTitle(admin, 'Juristen | Ontslagportaal');
    const nav = admin.getByRole('navigation', { name: 'Hoofdmenu' });
    for (const name of ['Juristen', 'Dossiers', 'Audit', 'Mijn account'])
      await nav.getByRole('link', { name }).waitFor();

    await admin.getByLabel('Voornaam').fill('Wim');
    await admin.getByLabel('Achternaam').fill('Waarnemer');
    await admin.getByLabel('E-mailadres').fill('wim.waarnemer@example.com');
    await admin.getByRole('button', { name: 'Jurist toevoegen' }).click();
    await admin.getByText('Wim Waarnemer is toegevoegd.', { exact: false }).waitFor();
    expect(await findAccessibilityViolations(admin)).toEqual([]);

    // The new lawyer signs in for the first time: e-mail code, then enrolment (QR code, one code, recovery codes).
    const lawyer = (await journey.openPage()).page;
    await lawyer.goto('/login');
    await loginThroughMail(lawyer, product, 'wim.waarnemer@example.com');
    await expectPath(lawyer, '/dossiers');

    // The admin hands Tess Mulder's case to the new lawyer; its status stays as it was.
    await nav.getByRole('link', { name: 'Dossiers' }).click();
    await expectPath(admin, '/beheer/dossiers');
    await admin.getByLabel('Zoek op cliënt, bedrijf of e-mailadres').fill('client07@example.com');
    await admin.getByRole('button', { name: 'Zoeken' }).click();
    const item = admin.getByRole('listitem', { name: /Tess Mulder/ });
    await item.getByText('Status: Onderhandelingen', { exact: false }).waitFor();
    await item.getByRole('button', { name: 'Andere jurist' }).click();
    await item.getByLabel('Jurist', { exact: true }).selectOption({ label: 'Wim Waarnemer' });
    await item.getByRole('button', { name: 'Opslaan' }).click();
    await admin.getByText('Het dossier van Tess Mulder is toegewezen aan Wim Waarnemer.').waitFor();
    await item.getByText('Jurist: Wim Waarnemer', { exact: false }).waitFor();
    await item.getByText('Status: Onderhandelingen', { exact: false }).waitFor();
    expect(await findAccessibilityViolations(admin)).toEqual([]);

    // The lawyer finds the case in their list and opens it.
    await lawyer.reload();
    await lawyer.getByRole('link', { name: 'Tess Mulder' }).click();
    await lawyer.getByRole('heading', { name: /Dossier Tess Mulder/ }).waitFor();

    // The audit page shows the reassignment.
    await nav.getByRole('link', { name: 'Audit' }).click();
    await admin.getByLabel('Actie').selectOption({ label: 'Dossier aan andere jurist toegewezen' });
    await admin.getByLabel('Cliënt (naam)').fill('tess');
    await admin.getByRole('button', { name: 'Filteren' }).click();
    await admin.getByRole('cell', { name: 'Dossier aan andere jurist toegewezen' }).waitFor();
  });
});
