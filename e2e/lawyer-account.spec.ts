import { describe, expect, it } from 'vitest';
import { UserResponseSchema } from '../src/contract/users';
import { findAccessibilityViolations } from './support/axe';
import { useJourney } from './support/journey';
import { sessionCache, signIn } from './support/login';

const getSession = sessionCache();

const png = {
  name: 'portret.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};
const notAnImage = {
  name: 'foto.png',
  mimeType: 'image/png',
  buffer: Buffer.from('Dit is helemaal geen afbeelding, alleen tekst.\n'),
};

describe('a lawyer managing their account', () => {
  const journey = useJourney();

  it('edits profile, photo and availability; the header updates and the client sees the new week', async () => {
    const { product } = journey;
    const lawyer = await getSession(product, 'sanne.jansen@example.com');
    const { page } = await journey.openPage({
      viewport: { width: 1280, height: 900 },
      allowConsole: [/status of 422/],
    });
    await signIn(page, lawyer);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: 'Mijn account' }).waitFor();

    // Profile: required fields, quote of at most 255, the header's name updates at once
    const profile = page.getByRole('region', { name: 'Profiel' });
    await profile.getByLabel('Citaat').fill('x'.repeat(256));
    await profile.getByLabel('Telefoonnummer').fill('');
    await profile.getByRole('button', { name: 'Opslaan' }).click();
    await profile.getByText('Maximaal 255 tekens.').waitFor();
    await profile.getByText('Dit veld is verplicht.').first().waitFor();
    await profile.getByLabel('Telefoonnummer').fill('010 123 45 67');
    await profile.getByLabel('Citaat').fill('Samen zoeken we de beste regeling.');
    await profile.getByLabel('Voornaam').fill('Sanna');
    await profile.getByRole('button', { name: 'Opslaan' }).click();
    await profile.getByText('Je wijzigingen zijn succesvol opgeslagen').waitFor();
    await page.getByRole('button', { name: /^Sanna Jansen/ }).waitFor();

    // Photo: a non-image is refused, an image is stored and shown in the header, then removed
    const [refused] = await Promise.all([
      page.waitForEvent('filechooser'),
      profile.getByRole('button', { name: 'Profielfoto uploaden' }).click(),
    ]);
    await refused.setFiles(notAnImage);
    await profile.getByText(/Dit bestand is geen afbeelding/).waitFor();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      profile.getByRole('button', { name: 'Profielfoto uploaden' }).click(),
    ]);
    await chooser.setFiles(png);
    await profile.getByText('Je profielfoto is succesvol geüpdatet').waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('header img')].some((img) =>
        img.getAttribute('src')?.startsWith('/files/avatars/'),
      ),
    );
    await profile.getByRole('button', { name: 'Profielfoto verwijderen' }).click();
    await profile.getByText('Je profielfoto is succesvol verwijderd').waitFor();
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('header img')].some((img) =>
          img.getAttribute('src')?.startsWith('/files/avatars/'),
        ),
    );

    // Availability: a half-filled day is refused; only complete days are sent
    const availability = page.getByRole('region', { name: 'Mijn beschikbaarheid' });
    const day = (name: string) => availability.getByRole('group', { name });
    await day('Zaterdag').getByLabel('Starttijd').fill('10:00');
    await availability.getByRole('button', { name: 'Opslaan' }).click();
    await availability.getByText('Voor Zaterdag moet je zowel een starttijd als eindtijd invullen.').waitFor();
    await day('Zaterdag').getByLabel('Eindtijd').fill('14:00');
    await day('Maandag').getByLabel('Starttijd').fill('');
    await day('Maandag').getByLabel('Eindtijd').fill('');
    await availability.getByRole('button', { name: 'Opslaan' }).click();
    await availability.getByText('Je wijzigingen zijn succesvol opgeslagen').waitFor();
    expect(await findAccessibilityViolations(page)).toEqual([]);

    const saved = UserResponseSchema.parse(
      await (
        await fetch(`${product.baseUrl}/api/user`, { headers: { Authorization: `Bearer ${lawyer.token}` } })
      ).json(),
    ).data;
    expect(saved.availability.map((d) => d.day).sort()).toEqual([
      'friday',
      'saturday',
      'thursday',
      'tuesday',
      'wednesday',
    ]);

    // Story answers
    const story = page.getByRole('region', { name: 'Mijn verhaal' });
    const answers = story.getByRole('textbox');
    if ((await answers.count()) > 0) {
      await answers.first().fill('Ik werk sinds 2010 als arbeidsrechtjurist.');
      await story.getByRole('button', { name: 'Opslaan' }).click();
      await story.getByText('Je antwoorden zijn succesvol opgeslagen.').waitFor();
    } else {
      await story.getByText('Geen vragen gevonden.').waitFor();
    }

    // The client's lawyer sheet shows the new week, on a phone, in English
    const client = await getSession(product, 'client11@example.com');
    const { page: clientPage } = await journey.openPage({ viewport: { width: 390, height: 844 } });
    await signIn(clientPage, client, { language: 'en-US' });
    await clientPage.goto('/');
    await clientPage.getByRole('button', { name: 'View profile' }).click();
    const sheet = clientPage.getByRole('dialog');
    await sheet.getByText('Availability').waitFor();
    await sheet.getByText('10:00 - 14:00').waitFor();
    const weekRegion = sheet.getByRole('region', { name: 'Availability' });
    const rows = await weekRegion.locator('dd').allTextContents();
    const week = await weekRegion.locator('dt').allTextContents();
    const hours = Object.fromEntries(week.map((d, i) => [d, rows[i]]));
    expect(hours.Monday).toBe('Not available');
    expect(hours.Tuesday).toBe('09:00 - 17:00');
    expect(hours.Saturday).toBe('10:00 - 14:00');
    expect(hours.Sunday).toBe('Not available');
  });

  it('shows the account page in English on a phone', async () => {
    const lawyer = await getSession(journey.product, 'daan.visser@example.com');
    const { page } = await journey.openPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, lawyer, { language: 'en-US' });
    await page.goto('/account');
    await page.getByRole('region', { name: 'My availability' }).waitFor();
    await page.getByRole('group', { name: 'Monday' }).getByLabel('Start time').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    expect(await findAccessibilityViolations(page)).toEqual([]);
  });
});
