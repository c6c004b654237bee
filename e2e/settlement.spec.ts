import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addCalendarDays, amsterdamToday } from '../src/contract/rules/amsterdam-date';
import { formatDutchDate, formatLongDate } from '../src/contract/rules/settlement-format';
import { makeDocx, makePdf } from '../src/server/infra/testing/settlement-files';
import { findAccessibilityViolations } from './support/axe';
import { useSharedJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

/**
 * Tess Mulder's case (client07, 'Onderhandelingen', package 'Extreem', lawyer Sanne Jansen) is
 * the only demo case this file changes: no other journey on the shared product reads its
 * settlement, its phase or its messages (client07 only asks for a login code elsewhere).
 */
const CLIENT = 'client07@example.com';
const LAWYER = 'sanne.jansen@example.com';
const PHONE = { width: 360, height: 740 };

const axeClean = async (page: Page) => expect(await findAccessibilityViolations(page)).toEqual([]);
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

describe('the settlement agreement, from the first offer to the bedenktijd', () => {
  const journey = useSharedJourney();
  const session = sessionCache();

  it('walks offer, counter-offer, definitief, WW check, signing, countdown, dissolution at 360px', async () => {
    const { product } = journey;
    const client = await session(product, CLIENT);
    const lawyer = await session(product, LAWYER);
    const caseId = client.user.case?.id as string;
    const today = amsterdamToday(new Date());
    const replyBy = addCalendarDays(today, 7);
    const tab = `/dossiers/${caseId}/vaststellingsovereenkomst`;

    // The client's page is open before there is anything to show; it fills itself live.
    const { page: clientPage } = await journey.openPage({ viewport: PHONE });
    await signIn(clientPage, client);
    await clientPage.goto('/onderhandeling');
    await clientPage.getByText('Er is nog geen voorstel. Je krijgt een e-mail zodra er een is.').waitFor();

    // The lawyer's new tab, empty.
    const { page: lawyerPage } = await journey.openPage({ viewport: PHONE });
    await signIn(lawyerPage, lawyer);
    await lawyerPage.goto(tab);
    await lawyerPage.getByText('Nog geen versies. Voeg het eerste voorstel toe zodra het binnen is.').waitFor();
    await axeClean(lawyerPage);

    // 1. The employer's offer: pasted text, a note and the terms.
    await lawyerPage.getByRole('button', { name: 'Nieuwe versie toevoegen' }).click();
    let form = lawyerPage.getByRole('form', { name: 'Nieuwe versie' });
    await expect(form.getByRole('radio', { name: 'Werkgever' }).isChecked()).resolves.toBe(true);
    await form.getByLabel('Reageren uiterlijk op').fill(replyBy);
    await form
      .getByLabel('Tekst', { exact: true })
      .fill(
        'Artikel 1. De werkgever betaalt een vergoeding van 18.000 euro bruto.\n\nArtikel 2. De ' +
          'arbeidsovereenkomst eindigt op 31 januari 2027.',
      );
    await form
      .getByLabel('Wat dit voor je betekent')
      .fill('Dit is het eerste bod van je werkgever. We vinden de vergoeding te laag.');
    await form.getByLabel('Datum overeenkomst').fill(today);
    await form.getByLabel('Einddatum').fill('2027-01-31');
    await form.getByLabel('Vergoeding', { exact: true }).fill('18.000');
    await form.getByLabel('Initiatief').selectOption('employer');
    await form.getByLabel("'Geen dringende reden' vermeld").selectOption('true');
    await form.getByLabel('Bedenktijd vermeld').selectOption('true');
    await form.getByLabel('Ziek bij tekenen').selectOption('false');
    await form.getByLabel('Finale kwijting').selectOption('true');
    await form.getByLabel('Datum in dienst').fill('2019-01-01');
    await form.getByLabel('Bruto maandsalaris').fill('4.000');
    await axeClean(lawyerPage);
    await fitsTheScreen(lawyerPage);
    await form.getByRole('button', { name: 'Versie opslaan' }).click();
    await lawyerPage.getByText('Versie 1 is toegevoegd.').waitFor();

    // The client's open page shows it without a reload, with the days left to reply.
    const firstCard = clientPage.getByRole('article', { name: /Voorstel van je werkgever/ });
    await firstCard.getByText('Nog 7 dagen om te reageren', { exact: false }).waitFor();
    await firstCard.getByText('Vergoeding € 18.000').waitFor();

    // 2. Our counter-offer, uploaded as .docx; the terms start as the offer had them.
    await lawyerPage.getByRole('button', { name: 'Nieuwe versie toevoegen' }).click();
    form = lawyerPage.getByRole('form', { name: 'Nieuwe versie' });
    await expect(form.getByRole('radio', { name: 'Wij' }).isChecked()).resolves.toBe(true);
    await expect(form.getByLabel('Vergoeding', { exact: true }).inputValue()).resolves.toBe('18000');
    await form.getByLabel('Bestand (.docx of .pdf)').setInputFiles({
      name: 'tegenvoorstel.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: await makeDocx([
        'Artikel 1. De werkgever betaalt een vergoeding van 24.500 euro bruto.',
        'Artikel 2. De arbeidsovereenkomst eindigt op 28 februari 2027.',
      ]),
    });
    await form.getByLabel('Reageren uiterlijk op').fill(replyBy);
    await form
      .getByLabel('Wat dit voor je betekent')
      .fill('Ons tegenvoorstel: een hogere vergoeding en een maand langer in dienst.');
    await form.getByLabel('Vergoeding', { exact: true }).fill('24.500');
    await form.getByLabel('Einddatum').fill('2027-02-28');
    await form.getByRole('button', { name: 'Versie opslaan' }).click();
    await lawyerPage.getByText('Versie 2 is toegevoegd.').waitFor();
    await lawyerPage.getByText('Bestand: tegenvoorstel.docx').waitFor();

    // The client: the menu entry, the counter-offer first with what changed, and its redline.
    const counter = clientPage.getByRole('article', { name: /Tegenvoorstel van ons/ });
    await counter.getByText('Vergoeding € 18.000 → € 24.500 (+ € 6.500)').waitFor();
    await counter.getByText('Einddatum 31-01-2027 → 28-02-2027').waitFor();
    await counter.getByText(`Verstuurd op ${formatDutchDate(today)}`).waitFor();
    // Our own counter-offer awaits the employer: nothing for the client to accept.
    await counter.getByText(/We wachten op het antwoord van je werkgever/).waitFor();
    await expect(counter.getByRole('button', { name: 'Akkoord' }).count()).resolves.toBe(0);
    expect(await clientPage.getByRole('article').first().getAttribute('aria-labelledby')).toBe(
      await counter.getAttribute('aria-labelledby'),
    );
    await clientPage.getByRole('button', { name: 'Menu openen' }).click();
    await clientPage.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Onderhandeling' }).waitFor();
    await clientPage.keyboard.press('Escape');
    await clientPage.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'hidden' });
    await counter.getByRole('button', { name: 'Bekijk wat er in de tekst is veranderd' }).click();
    await counter.getByText(/Zo lees je de wijzigingen/).waitFor();
    // An amount changes as a whole: '18.000' struck out, '24.500' inserted.
    await expect(
      counter
        .locator('div > ins')
        .filter({ hasText: /toevoeging:\] 24\.500 \[/ })
        .count(),
    ).resolves.toBe(1);
    await expect(
      counter
        .locator('div > del')
        .filter({ hasText: /verwijdering:\] 18\.000 \[/ })
        .count(),
    ).resolves.toBe(1);
    await expect(counter.locator('div > ins').first().textContent()).resolves.toMatch(
      /^\[begin toevoeging:\] .+ \[einde toevoeging\]$/,
    );
    await axeClean(clientPage);
    await fitsTheScreen(clientPage);

    // 3. The client's question lands in the messages; the lawyer's tab shows it live.
    await counter.getByRole('button', { name: 'Ik heb een vraag' }).click();
    await counter.getByLabel('Je vraag').fill('Wat betekent finale kwijting voor mij?');
    await axeClean(clientPage);
    await counter.getByRole('button', { name: 'Vraag versturen' }).click();
    await counter.getByText('Je vraag is verstuurd. Je jurist antwoordt bij je berichten.').waitFor();
    await lawyerPage.getByText(/Cliënt stelde op .+ een vraag: Wat betekent finale kwijting voor mij\?/).waitFor();
    await clientPage.goto('/berichten');
    await clientPage
      .getByText(/Vraag over voorstel 2 van/)
      .first()
      .waitFor();
    await clientPage.getByText('Wat betekent finale kwijting voor mij?').first().waitFor();

    // 4. 'definitief', and the WW check approved.
    await lawyerPage
      .getByRole('article', { name: /Wij/ })
      .getByRole('button', { name: 'Markeer als definitief' })
      .click();
    await lawyerPage.getByText('Versie 2 is definitief.').waitFor();
    const check = lawyerPage.getByRole('region', { name: 'WW-check' });
    await check.getByText('WW-check van versie 2 (definitief).').waitFor();
    await check.getByText('Het initiatief ligt bij de werkgever.').waitFor();
    await axeClean(lawyerPage);
    await check.getByRole('button', { name: 'WW-check akkoord' }).click();
    await check.getByText(/^WW-check akkoord gegeven op /).waitFor();

    // The client reads it in plain Dutch, a word beside each colour.
    await clientPage.goto('/onderhandeling');
    const clientCheck = clientPage.getByRole('region', { name: 'WW-check' });
    await clientCheck.getByText(/^Nagekeken door je jurist op /).waitFor();
    await clientCheck.getByRole('list', { name: 'WW-check' }).getByText('In orde').first().waitFor();
    await clientCheck.getByText(/^Je WW kan ingaan op /).waitFor();
    await axeClean(clientPage);

    // 5. Signing: the signed file, its date, the date agreement was reached, the clause.
    const signed = lawyerPage.getByRole('region', { name: 'Getekende overeenkomst' });
    await signed.getByLabel('Getekend bestand').setInputFiles({
      name: 'getekend.pdf',
      mimeType: 'application/pdf',
      buffer: await makePdf(['Vaststellingsovereenkomst, getekend']),
    });
    await expect(
      signed.getByRole('checkbox', { name: 'De overeenkomst noemt de bedenktijd' }).isChecked(),
    ).resolves.toBe(true);
    await axeClean(lawyerPage);
    await signed.getByRole('button', { name: 'Getekende overeenkomst vastleggen' }).click();
    await lawyerPage.getByText('De getekende overeenkomst is vastgelegd.').waitFor();
    const lastDay = addCalendarDays(today, 14);
    await lawyerPage.getByText(`De bedenktijd loopt tot en met ${formatLongDate(lastDay, 'nl-NL')}.`).waitFor();
    await lawyerPage.getByText('Nog 14 dagen.').waitFor();
    await expect(lawyerPage.getByRole('button', { name: 'Nieuwe versie toevoegen' }).count()).resolves.toBe(0);
    await axeClean(lawyerPage);
    await fitsTheScreen(lawyerPage);

    // 'Dit dossier voltooien' warns while the bedenktijd runs.
    await lawyerPage.getByRole('button', { name: 'Dit dossier voltooien' }).click();
    const finish = lawyerPage.getByRole('dialog', { name: 'Weet je zeker dat je dit dossier wilt afsluiten?' });
    await finish
      .getByText(`Let op: de bedenktijd loopt nog tot en met ${formatLongDate(lastDay, 'nl-NL')}.`, { exact: false })
      .waitFor();
    await lawyerPage.keyboard.press('Escape');
    await finish.waitFor({ state: 'hidden' });

    // 6. The countdown on the client's dashboard, and the dissolution letter.
    await clientPage.goto('/');
    const block = clientPage.getByRole('region', { name: 'Bedenktijd' });
    await block
      .getByText(
        `Je kunt de vaststellingsovereenkomst tot en met ${formatLongDate(lastDay, 'nl-NL')} zonder ` +
          `opgave van redenen ontbinden.`,
      )
      .waitFor();
    // Signed: the next step says so, never 'voordat je tekent'.
    await clientPage.getByText('Overeenkomst getekend').first().waitFor();
    await expect(clientPage.getByText(/voordat je tekent/).count()).resolves.toBe(0);
    await axeClean(clientPage);
    await fitsTheScreen(clientPage);
    const [letter] = await Promise.all([
      clientPage.waitForEvent('download'),
      block.getByRole('button', { name: 'Ontbindingsverklaring downloaden (pdf)' }).click(),
    ]);
    expect(letter.suggestedFilename()).toBe('ontbindingsverklaring.pdf');
    expect(
      readFileSync((await letter.path()) as string)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const [calendar] = await Promise.all([
      clientPage.waitForEvent('download'),
      block.getByRole('button', { name: 'Zet de belangrijke data in je agenda' }).click(),
    ]);
    const ics = readFileSync((await calendar.path()) as string, 'utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toMatch(new RegExp(`DTSTART[^:\\r\\n]*:${lastDay.replace(/-/g, '')}`));

    // 7. The new screens in English, at 360 px.
    const english = { language: 'en-US' };
    try {
      const { page: enClient } = await journey.openPage({ viewport: PHONE });
      await signIn(enClient, client, english);
      await enClient.goto('/');
      await enClient
        .getByText(
          `You can dissolve the settlement agreement without giving reasons until and ` +
            `including ${formatLongDate(lastDay, 'en-US')}.`,
        )
        .waitFor();
      await axeClean(enClient);
      await enClient.goto('/onderhandeling');
      await enClient.getByRole('heading', { level: 1, name: 'Negotiation' }).waitFor();
      const enCounter = enClient.getByRole('article', { name: /Counter-proposal from us/ });
      await enCounter.getByText('Severance € 18.000 → € 24.500 (+ € 6.500)').waitFor();
      await enCounter.getByRole('button', { name: 'Show what changed in the text' }).click();
      await enCounter.getByText(/How to read the changes/).waitFor();
      await enClient
        .getByRole('region', { name: 'Unemployment benefit check' })
        .getByText("The initiative is the employer's.")
        .waitFor();
      await axeClean(enClient);
      await fitsTheScreen(enClient);

      const { page: enLawyer } = await journey.openPage({ viewport: PHONE });
      await signIn(enLawyer, lawyer, english);
      await enLawyer.goto(tab);
      await enLawyer.getByRole('heading', { level: 2, name: 'Settlement agreement' }).waitFor();
      await enLawyer
        .getByText(`The cooling-off period runs until and including ${formatLongDate(lastDay, 'en-US')}.`)
        .waitFor();
      await enLawyer.getByText(/^Benefit check approved on /).waitFor();
      await axeClean(enLawyer);
      await fitsTheScreen(enLawyer);
    } finally {
      // Signing in with English settings stores English as the mail language: give both their Dutch back.
      for (const who of [client, lawyer]) {
        await fetch(`${product.baseUrl}/api/user`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ language: 'nl-NL' }),
        });
      }
    }
  }, 300_000);
});
