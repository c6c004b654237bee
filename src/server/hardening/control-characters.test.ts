import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { users } from '../infra/db/schema';
import { CONTROL_CHARACTER_MESSAGE } from '../../contract/text';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('a NUL byte in a text field (audit finding 6)', () => {
  it('answers 422 on the field and changes nothing', async () => {
    const client = await createTestClient(ctx, { city: 'Utrecht' });
    const token = await tokenFor(ctx, client.id);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: bearer(token),
      payload: { city: 'x\u0000' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.city).toEqual(['Dit veld bevat ongeldige tekens.']);
    expect(CONTROL_CHARACTER_MESSAGE).toBe('validation.controlCharacters');
    const [row] = await ctx.db.select({ city: users.city }).from(users).where(eq(users.id, client.id));
    expect(row?.city).toBe('Utrecht');
  });

  it('answers 422, never 500, on every text route that stores what it gets', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
    const clientToken = await tokenFor(ctx, client.id);
    const lawyerToken = await tokenFor(ctx, lawyer.id);
    const calls: [string, string, string, unknown][] = [
      [
        clientToken,
        'PATCH',
        `/api/cases/${client.caseId}`,
        {
          company_name: 'a\u0000',
          company_house_number: '1',
          company_postcode: '1234AB',
          company_city: 'x',
          contact_email: 'a@b.nl',
          contact_phone_number: '1',
        },
      ],
      [
        clientToken,
        'POST',
        `/api/cases/${client.caseId}/contact-persons`,
        { contact_persons: [{ first_name: 'a', last_name: 'b\u0000', email: 'a@b.nl' }] },
      ],
      [clientToken, 'POST', `/api/cases/${client.caseId}/lawyers/${lawyer.id}/feedback`, { text: 'hallo\u0000' }],
      [clientToken, 'POST', '/api/cookies', { name: 'gclid', value: 'a\u0000b' }],
      [clientToken, 'POST', `/api/cases/${client.caseId}/messages`, { text: 'hallo\u0000' }],
      [clientToken, 'POST', '/api/code', { email: 'a\u0000@example.com' }],
      [lawyerToken, 'PATCH', '/api/user', { quote: 'x\u0000', title: 'y\u0001' }],
      [lawyerToken, 'GET', '/api/cases?dir=asc%00', undefined],
    ];
    for (const [token, method, url, payload] of calls) {
      const response = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(token),
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(422);
    }
    // A NUL byte in a path parameter that is an id: the refusals come in the order 401, 403, 404,
    // then 422 (http/deferred-validation.ts), and an id that does not fit is no one's id, so the
    // case access check answers 404 before any validation error. Never 500 either way.
    const byId = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${client.caseId}%00`,
      headers: bearer(lawyerToken),
    });
    expect(byId.statusCode, `GET /api/cases/${client.caseId}%00`).toBe(404);
  });
});
