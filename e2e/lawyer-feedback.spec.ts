import { describe, expect, it } from 'vitest';
import { CaseClientViewResponseSchema } from '../src/contract/cases';
import { useJourney } from './support/journey';
import { getSession, signIn } from './support/login';

describe('a lawyer reading their feedback', () => {
  const journey = useJourney();

  it('reads previews, loads more until the last page and marks feedback as read', async () => {
    const { baseUrl } = journey.product;
    // A client of Sanne leaves ten more messages, so there are two pages (the demo data has two).
    const client = await getSession(journey.product, 'client05@example.com');
    const headers = { Authorization: `Bearer ${client.token}`, 'Content-Type': 'application/json' };
    const mine = CaseClientViewResponseSchema.parse(
      await (await fetch(`${baseUrl}/api/cases/mine`, { headers })).json(),
    ).data;
    const lawyerId = mine.lawyers[0]?.id;
    expect(lawyerId).toBeDefined();
    const long = `Een heel lang bericht. ${'Dank voor alle hulp en de duidelijke uitleg. '.repeat(5)}EINDE`;
    for (let i = 1; i <= 10; i++) {
      const text = i === 10 ? long : `Korte feedback nummer ${i}`;
      const response = await fetch(`${baseUrl}/api/cases/${mine.id}/lawyers/${lawyerId}/feedback`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text }),
      });
      expect(response.status).toBe(201);
    }

    const lawyer = await getSession(journey.product, 'sanne.jansen@example.com');
    const { page } = await journey.openPage();
    await signIn(page, lawyer);
    await page.goto('/feedback');
    await page.getByRole('heading', { level: 1, name: 'Jouw persoonlijke feedback' }).waitFor();
    const items = page.getByRole('listitem').filter({ has: page.getByText(/^(Nieuw|Gelezen)$/) });
    await items.first().waitFor();
    expect(await items.count()).toBe(10);

    // The newest (long) message is cut at 130 characters with an ellipsis and can be read in full.
    const newest = items.first();
    expect(await newest.getByText(/…$/).isVisible()).toBe(true);
    expect(await newest.getByText(/EINDE/).count()).toBe(0);
    await newest.getByRole('button', { name: 'Lees verder' }).click();
    await newest.getByText(/EINDE$/).waitFor();

    await page.getByRole('button', { name: 'Meer laden' }).click();
    await page.getByText('Heel fijn dat alles zo snel en duidelijk ging. Ik voelde me echt gehoord.').waitFor();
    expect(await items.count()).toBe(12);
    expect(await page.getByRole('button', { name: 'Meer laden' }).count()).toBe(0);

    const unreadBefore = await page.getByRole('button', { name: 'Markeer als gelezen' }).count();
    await newest.getByRole('button', { name: 'Markeer als gelezen' }).click();
    await newest.getByText('Gelezen', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Markeer als gelezen' }).count()).toBe(unreadBefore - 1);

    // The state is kept on the server.
    await page.reload();
    await items.first().getByText('Gelezen', { exact: true }).waitFor();
  });
});
