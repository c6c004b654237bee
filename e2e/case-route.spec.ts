import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CaseClientViewResponseSchema } from '../src/contract/cases';
import { unzip } from '../src/server/infra/testing/unzip';
import { expectPath, expectSelected } from './support/expect-page';
import { useJourney } from './support/journey';
import { enterCode, loginThroughMail, readMailedCode, requestCodeViaUi } from './support/login';

const TYPEFORM_SECRET = 'e2e-typeform-secret';
const EMAIL = 'iris.vermeer@example.com';

const pdf = (label: string) => ({
  name: `${label}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`),
});

/** The public site's form service posts the intake, signed as Typeform signs it. */
async function postIntake(baseUrl: string): Promise<void> {
  const body = JSON.stringify({
    event_id: 'e2e-case-route',
    event_type: 'form_response',
    form_response: {
      definition: {
        fields: [
          { id: 'f1', title: 'Wat is je voornaam?', ref: 'first_name' },
          { id: 'f2', title: 'Wat is je achternaam?', ref: 'last_name' },
          { id: 'f3', title: 'Je e-mailadres', ref: 'email' },
          { id: 'f4', title: 'Wat is je situatie?', ref: 'situation' },
        ],
      },
      answers: [
        { type: 'text', field: { id: 'f1', ref: 'first_name' }, text: 'Iris' },
        { type: 'text', field: { id: 'f2', ref: 'last_name' }, text: 'Vermeer' },
        { type: 'email', field: { id: 'f3', ref: 'email' }, email: EMAIL },
        { type: 'choice', field: { id: 'f4', ref: 'situation' }, choice: { label: 'Mijn werkgever wil mij ontslaan' } },
      ],
    },
  });
  const response = await fetch(`${baseUrl}/api/intake/typeform`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Typeform-Signature': `sha256=${createHmac('sha256', TYPEFORM_SECRET).update(body).digest('base64')}`,
    },
    body,
  });
  expect(response.status).toBe(200);
}

/** Clicks a button that opens the file chooser and picks one file, as a person would. */
async function chooseFile(page: Page, button: Locator, file: ReturnType<typeof pdf>) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles(file);
}

/**
 * The client's dashboard, loaded afresh: the phase (its client-facing step title) is the current step of 'Jouw
 * stappenplan'.
 */
async function openDashboard(page: Page, phase: string): Promise<void> {
  await page.goto('/');
  await page.locator('[aria-current="step"]').filter({ hasText: phase }).waitFor();
}

/** The texts of 'Wat moet ik nog doen?' (an empty list when it says there is nothing to do). */
async function todoTexts(page: Page): Promise<string[]> {
  const section = page.getByRole('region', { name: 'Wat moet ik nog doen?' });
  await section.waitFor();
  const items = await section.getByRole('listitem').allInnerTexts();
  if (items.length === 0) await section.getByText('Je hebt op dit moment geen openstaande acties.').waitFor();
  return items.map((item) => item.replace(/\s+/g, ' ').trim());
}

/** The lawyer's case detail, loaded afresh, at the given status. */
async function openCase(page: Page, caseId: string, status: string): Promise<void> {
  await page.goto(`/dossiers/${caseId}`);
  await expectSelected(page.getByRole('combobox', { name: 'Status' }), status);
}

describe('the case travels its whole route in the browser', () => {
  const journey = useJourney({ env: { TYPEFORM_SECRET, MAIL_DIGEST_MINUTES: '0' } });

  // One long journey of about 60 s on an idle machine; the budget leaves room for a loaded one.
  it(
    'intake, data, package, letter, signing, documents, rejection and re-upload, negotiation, finish, completion, zip',
    { timeout: 300_000 },
    async () => {
      const { product } = journey;

      // Intake: the form service posts the answers; the new client logs in from the thank-you page.
      await postIntake(product.baseUrl);
      const welcome = await product.smtp.waitForMail(EMAIL, { since: 0, timeoutMs: 15_000 });
      const link = /https?:\/\/\S+\/login\?event=typeform_submitted/.exec(welcome.text)?.[0];
      expect(link).toBeTruthy();
      // The wrong name typed on purpose below is answered with 422, which the browser logs.
      const { page: client } = await journey.openPage({ allowConsole: [/status of 422 \(Unprocessable Entity\)/] });
      await client.goto(link as string);
      await client.getByRole('heading', { name: 'Je portaal staat al klaar' }).waitFor();
      const since = product.smtp.messages.length;
      await requestCodeViaUi(client, EMAIL, 'Ik wil in mijn portaal');
      await enterCode(client, await readMailedCode(product, EMAIL, since));
      await expectPath(client, '/');
      await openDashboard(client, 'Aanmelding');
      const mandatory = CaseClientViewResponseSchema.parse(
        await apiAsClient(client, '/api/cases/mine'),
      ).data.documents.filter((d) => d.mandatory);
      expect(mandatory.length).toBeGreaterThan(1);
      const missing = mandatory.map((d) => `Upload '${d.title}'`);
      // At 'Lead' documents are still locked, so the to-dos do not ask for uploads yet (one rule
      // for the step buttons and 'Wat moet ik nog doen?').
      expect(await todoTexts(client)).toEqual([
        'Vul je persoonlijke gegevens aan Nog in te vullen: Telefoonnummer, Straat, Huisnummer, Postcode, Plaats',
        'Vul de gegevens van je werkgever aan Nog in te vullen: Huisnummer, Postcode, ' +
          'Plaats, E-mailadres werkgever, Telefoonnummer werkgever',
        expect.stringMatching(/^Beantwoord nog \d+ vragen? over je verhaal$/),
      ]);

      // The client fills in their data, from the to-do list's links.
      await client.getByRole('link', { name: /Vul je persoonlijke gegevens aan/ }).click();
      await expectPath(client, '/mijn-verhaal');
      await client.getByLabel('Telefoonnummer').fill('0612345678');
      await client.getByLabel('Straat').fill('Coolsingel');
      await client.getByLabel('Huisnummer').fill('40');
      await client.getByLabel('Postcode').fill('3011AD');
      await client.getByLabel('Plaats').fill('Rotterdam');
      await client.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await client.getByText('Je wijzigingen zijn succesvol opgeslagen').first().waitFor();

      await client.goto('/mijn-verhaal/werkgever-gegevens');
      await client.getByLabel('Bedrijfsnaam').fill('Havenbedrijf Maasvlakte B.V.');
      await client.getByLabel('Straat').fill('Europaweg');
      await client.getByLabel('Huisnummer').fill('1');
      await client.getByLabel('Postcode').fill('3199LC');
      await client.getByLabel('Plaats').fill('Rotterdam');
      await client.getByLabel('E-mailadres werkgever').fill('hr@havenbedrijf.example.com');
      await client.getByLabel('Telefoonnummer werkgever').fill('0101234567');
      await client.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await client.getByText('Je wijzigingen zijn succesvol opgeslagen').first().waitFor();

      await client.goto('/mijn-verhaal/verhaal-gegevens');
      const answers = client.locator('form textarea');
      await answers.first().waitFor();
      for (const answer of await answers.all())
        await answer.fill('Mijn werkgever wil mij na zeven jaar ontslaan wegens een reorganisatie.');
      await client.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await client.getByText('Je antwoorden zijn succesvol opgeslagen.').waitFor();

      // Data complete: the case moved on to almost-client by itself; the documents are still open.
      await openDashboard(client, 'Gegevens compleet');
      expect(await todoTexts(client)).toEqual(missing);

      // The client chooses a package; a lawyer is assigned at once.
      await client.goto('/offerte');
      await client.getByRole('button', { name: 'Kies Compleet onbezorgd' }).click();
      await client
        .getByRole('dialog', { name: 'Pakket kiezen' })
        .getByRole('button', { name: 'Ja, kies Compleet onbezorgd' })
        .click();
      await client.getByText('Je hebt Compleet onbezorgd opgevraagd. Houd je mail goed in de gaten.').waitFor();
      await openDashboard(client, 'Pakket gekozen');
      expect(await todoTexts(client)).toEqual(missing);
      const mine = CaseClientViewResponseSchema.parse(await apiAsClient(client, '/api/cases/mine')).data;
      const caseId = mine.id;
      const lawyerEmail = mine.lawyers[0]?.email;
      expect(lawyerEmail).toBeTruthy();

      // The assigned lawyer signs in (code and second factor) and sends the engagement letter.
      const { page: lawyer } = await journey.openPage();
      await lawyer.goto('/login');
      await loginThroughMail(lawyer, product, lawyerEmail as string);
      await openCase(lawyer, caseId, 'Offerte gekozen');
      const letterBox = lawyer.getByRole('group', { name: 'Opdrachtbevestiging' });
      await letterBox.getByRole('radio').nth(1).check();
      await letterBox.getByRole('button', { name: 'Opdrachtbevestiging versturen' }).click();
      await letterBox.getByText('De opdrachtbevestiging staat klaar voor de cliënt.').waitFor();
      await expectSelected(lawyer.getByRole('combobox', { name: 'Status' }), 'Wacht op handtekening');

      // The client signs in the portal, from the to-do list.
      await openDashboard(client, 'Opdrachtbevestiging tekenen');
      expect(await todoTexts(client)).toEqual(['Onderteken de opdrachtbevestiging', ...missing]);
      await client.getByRole('link', { name: 'Onderteken de opdrachtbevestiging' }).click();
      await expectPath(client, '/opdrachtbevestiging');
      await client.locator('iframe[title="Opdrachtbevestiging"]').waitFor();
      await client.getByLabel('Je volledige naam').fill('Piet Jansen');
      await client.getByLabel('Ik ga akkoord met de opdrachtbevestiging en de algemene voorwaarden').check();
      await client.getByRole('radio', { name: /^Ja, begin direct met mijn zaak/ }).check();
      await client.getByRole('button', { name: 'Ondertekenen' }).click();
      await client.getByText('Vul je volledige naam in zoals die in je gegevens staat.').waitFor();
      await client.getByLabel('Je volledige naam').fill('iris  vermeer');
      await client.getByRole('button', { name: 'Ondertekenen' }).click();
      await client.getByText(/^Getekend op /).waitFor();
      await client.getByText(/^Herroepen kan tot en met /).waitFor();
      await openDashboard(client, 'Dossier aanvullen');
      expect(await todoTexts(client)).toEqual(missing);
      await client.getByText(/^Herroepen kan tot en met /).waitFor();
      await lawyer.reload();
      await lawyer.getByText(/^Getekend: /).waitFor();

      // The letter and its signed copy are the client's to read, never to delete.
      await client.goto('/documenten');
      await client.getByRole('heading', { level: 1, name: 'Jouw documenten' }).waitFor();
      const general = client.getByRole('table');
      await general.getByRole('row', { name: /Opdrachtbevestiging \(getekend\)/ }).waitFor();
      expect(await general.getByRole('button', { name: /^Verwijder/ }).count()).toBe(0);

      // The client uploads every mandatory document; the last one moves the case to reviewing.
      for (const [i, document] of mandatory.entries()) {
        const card = client.getByRole('article', { name: document.title });
        await chooseFile(client, card.getByRole('button', { name: /^Uploaden/ }), pdf(`stuk-${i + 1}`));
        await card.getByText('Geüpload', { exact: true }).waitFor();
      }
      await openDashboard(client, 'Documenten bestuderen');
      expect(await todoTexts(client)).toEqual([]);

      // The lawyer rejects one with a reason: the case goes back to incomplete.
      const rejected = mandatory[0]!;
      await lawyer.goto(`/dossiers/${caseId}/documenten`);
      const lawyerCard = lawyer.getByRole('article', { name: rejected.title });
      await lawyerCard.getByRole('button', { name: /^Afkeuren/ }).click();
      const reject = lawyer.getByRole('dialog', { name: 'Document afkeuren' });
      await reject.getByPlaceholder('Geef een reden...').fill('Dit is niet de meest recente versie.');
      await reject.getByRole('button', { name: 'Verstuur' }).click();
      await lawyerCard.getByText('Afgekeurd', { exact: true }).waitFor();
      // The signed letter is approved when it is signed: 'Getekend', nothing to judge or change.
      const signedCopy = lawyer.getByRole('article', { name: 'Opdrachtbevestiging (getekend)' });
      await signedCopy.getByText('Getekend', { exact: true }).waitFor();
      expect(
        await signedCopy
          .getByRole('button', { name: /^(Goedkeuren|Afkeuren|Verwijderen|Nieuwe versie uploaden)/ })
          .count(),
      ).toBe(0);

      await openDashboard(client, 'Dossier aanvullen');
      // A rejected document keeps the file incomplete: the step must not say it is complete.
      expect(await client.locator('[aria-current="step"]').innerText()).toContain('Maak je dossier compleet');
      expect(await client.getByText('Top, je dossier is compleet!').count()).toBe(0);
      expect(await todoTexts(client)).toEqual([
        `Upload een nieuwe versie van '${rejected.title}' Reden van afkeuring: Dit is niet de meest recente versie.`,
      ]);
      await client.getByRole('link', { name: /Upload een nieuwe versie/ }).click();
      await expectPath(client, '/documenten');
      const clientCard = client.getByRole('article', { name: rejected.title });
      await clientCard.getByText('Dit is niet de meest recente versie.').waitFor();
      await chooseFile(
        client,
        clientCard.getByRole('button', { name: /^Nieuwe versie uploaden/ }),
        pdf('stuk-1-nieuw'),
      );
      await clientCard.getByText('Geüpload', { exact: true }).waitFor();
      await openDashboard(client, 'Documenten bestuderen');
      expect(await todoTexts(client)).toEqual([]);

      // The lawyer approves, negotiates, and finishes the case.
      await lawyer.reload();
      await lawyerCard.getByRole('button', { name: /^Goedkeuren/ }).click();
      await lawyerCard.getByText('Goedgekeurd', { exact: true }).waitFor();
      await openCase(lawyer, caseId, 'Documenten bestuderen');
      await lawyer.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Onderhandelingen' });
      await expectSelected(lawyer.getByRole('combobox', { name: 'Status' }), 'Onderhandelingen');
      await openDashboard(client, 'Onderhandelen');
      expect(await todoTexts(client)).toEqual([]);

      await openCase(lawyer, caseId, 'Onderhandelingen');
      await lawyer.getByRole('button', { name: 'Dit dossier voltooien' }).click();
      const finish = lawyer.getByRole('dialog', { name: 'Weet je zeker dat je dit dossier wilt afsluiten?' });
      const questions = finish.locator('textarea');
      await questions.first().waitFor();
      for (const question of await questions.all())
        await question.fill('Vaststellingsovereenkomst getekend, vergoeding € 12.000.');
      // The end date of employment is a date field.
      await finish.getByLabel('Wat is de einddatum van het dienstverband?').fill('2027-01-31');
      await finish.getByRole('button', { name: 'Dossier afsluiten' }).click();
      const done = lawyer.getByRole('dialog', { name: 'Dossier voltooid ✅' });
      await done.getByRole('button', { name: 'Sluiten' }).first().click();
      await done.waitFor({ state: 'hidden' });
      await openCase(lawyer, caseId, 'Klaar voor facturatie');
      await lawyer.getByRole('button', { name: 'Dossier weer actief maken' }).waitFor();

      // Completion: 'Factuur voldaan – dossier afronden', after a confirmation.
      await lawyer.getByRole('button', { name: 'Factuur voldaan – dossier afronden' }).click();
      const confirm = lawyer.getByRole('dialog', { name: 'Factuur voldaan?' });
      await confirm.getByRole('button', { name: 'Dossier afronden' }).click();
      // The dialog closes once the server has answered; leaving the page before would cancel the request.
      await confirm.waitFor({ state: 'hidden' });
      await openCase(lawyer, caseId, 'Voltooid');
      await lawyer.getByText(/^Afgerond op /).waitFor();
      const timeline = lawyer.getByRole('region', { name: 'Tijdlijn' });
      await timeline.getByText('Factuur voldaan: dossier afgerond').waitFor();
      await timeline.getByText('Opdrachtbevestiging getekend').waitFor();
      expect(await timeline.locator('time').first().innerText()).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);

      // The client is told when everything is deleted and downloads every document as one zip.
      await openDashboard(client, 'Afgerond');
      expect(await todoTexts(client)).toEqual([]);
      await client.getByText(/^Op .+ verwijderen we je account, zes maanden na de afronding\./).waitFor();
      // 'Wat is er gebeurd' shows the latest events; the signature is older: 'Toon meer' shows it.
      const history = client.getByRole('region', { name: 'Wat is er gebeurd' });
      await history.getByRole('button', { name: 'Toon meer' }).click();
      await history.getByText('Opdrachtbevestiging getekend').waitFor();
      const [download] = await Promise.all([
        client.waitForEvent('download'),
        client.getByRole('button', { name: 'Download al mijn documenten' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('documenten.zip');
      const entries = unzip(await readFile((await download.path()) as string));
      const names = [...entries.keys()];
      expect(names).toEqual(
        expect.arrayContaining([
          `${rejected.title} - stuk-1-nieuw.pdf`,
          ...mandatory.slice(1).map((d, i) => `${d.title} - stuk-${i + 2}.pdf`),
        ]),
      );
      expect(names.filter((name) => name.startsWith('Opdrachtbevestiging'))).toHaveLength(2);
      expect(entries.get(`${rejected.title} - stuk-1-nieuw.pdf`)?.toString()).toContain('stuk-1-nieuw');
      for (const [name, bytes] of entries)
        if (name.startsWith('Opdrachtbevestiging')) expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

      // The lawyer exports the same zip from the tab 'Documenten'.
      await lawyer.goto(`/dossiers/${caseId}/documenten`);
      const [lawyerDownload] = await Promise.all([
        lawyer.waitForEvent('download'),
        lawyer.getByRole('button', { name: 'Alle documenten downloaden (zip)' }).click(),
      ]);
      expect([...unzip(await readFile((await lawyerDownload.path()) as string)).keys()].sort()).toEqual(
        [...names].sort(),
      );
    },
  );
});

/** The client's own API call with the session the app keeps (to read ids the screens do not show). */
async function apiAsClient(page: Page, path: string): Promise<unknown> {
  return page.evaluate(async (url) => {
    const state = JSON.parse(window.localStorage.getItem('state') ?? '{}') as { auth?: { token?: string } };
    const response = await fetch(url, { headers: { Authorization: `Bearer ${state.auth?.token ?? ''}` } });
    return response.json() as Promise<unknown>;
  }, path);
}
