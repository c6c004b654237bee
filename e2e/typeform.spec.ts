import { describe, expect, it } from 'vitest';
import { expectPath, expectTitle } from './support/expect-page';
import { useJourney } from './support/journey';
import { enterCode, readMailedCode, requestCodeViaUi } from './support/login';

describe('the login page after the intake form (?event=typeform_submitted)', () => {
  const journey = useJourney();

  it("welcomes the new client with 'Je portaal staat al klaar' and logs them in", async () => {
    const { page } = await journey.openPage();
    await page.goto('/login?event=typeform_submitted');
    await page.getByRole('heading', { name: 'Je portaal staat al klaar' }).waitFor();
    await page.getByText(/Bedankt voor het invullen van het formulier/).waitFor();
    expect(await page.getByRole('heading', { name: 'Log in op je portaal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ontvang code' }).count()).toBe(0);
    await page.getByRole('link', { name: /Neem contact met ons op/ }).waitFor();

    const since = journey.product.smtp.messages.length;
    await requestCodeViaUi(page, 'client01@example.com', 'Ik wil in mijn portaal');
    const code = await readMailedCode(journey.product, 'client01@example.com', since);
    await enterCode(page, code.toLowerCase());
    await expectPath(page, '/');
    await expectTitle(page, 'Overzicht | Ontslagportaal');
  });

  it('without the event the page has the usual texts', async () => {
    const { page } = await journey.openPage();
    await page.goto('/login?event=something-else');
    await page.getByRole('heading', { name: 'Log in op je portaal' }).waitFor();
    await page.getByRole('button', { name: 'Ontvang code' }).waitFor();
  });
});
