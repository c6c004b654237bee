import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { createTestContext, createTestLawyer, uniqueEmail, type TestContext } from '../infra/testing/harness';
import { auditEvents, cases, documents, users } from '../infra/db/schema';

const SECRET = 'typeform-test-secret';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ typeformSecret: SECRET, publicUrl: 'https://portaal.example.com' });
});
afterAll(async () => {
  await ctx.close();
});

function delivery(
  email: string,
  eventId = `evt-${Math.random().toString(36).slice(2)}`,
  situation = 'Mijn werkgever wil mij ontslaan',
) {
  return {
    event_id: eventId,
    event_type: 'form_response',
    form_response: {
      submitted_at: '2026-11-20T10:00:00Z',
      definition: {
        fields: [
          { id: 'f1', title: 'Wat is je voornaam?', ref: 'first_name' },
          { id: 'f2', title: 'Wat is je achternaam?', ref: 'last_name' },
          { id: 'f3', title: 'Je e-mailadres', ref: 'email' },
          { id: 'f4', title: 'Wat is je situatie?', ref: 'situation' },
          { id: 'f5', title: 'Hoe lang ben je in dienst?', ref: 'years' },
        ],
      },
      answers: [
        { type: 'text', field: { id: 'f1', ref: 'first_name' }, text: 'Iris' },
        { type: 'text', field: { id: 'f2', ref: 'last_name' }, text: 'Vermeer' },
        { type: 'email', field: { id: 'f3', ref: 'email' }, email },
        { type: 'choice', field: { id: 'f4', ref: 'situation' }, choice: { label: situation } },
        { type: 'number', field: { id: 'f5', ref: 'years' }, number: 7 },
      ],
    },
  };
}

function post(body: string, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/intake/typeform',
    headers: { 'content-type': 'application/json', ...(signature ? { 'typeform-signature': signature } : {}) },
    payload: body,
  });
}
const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('base64')}`;

async function clientCase(email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const [row] = user ? await ctx.db.select().from(cases).where(eq(cases.clientId, user.id)) : [];
  return { user, row };
}

describe('POST /api/intake/typeform', () => {
  it('creates the client and a case at lead with the answers and mails the portal link', async () => {
    const email = uniqueEmail('intake');
    const body = JSON.stringify(delivery(email));
    const since = ctx.smtp.messages.length;
    const response = await post(body, sign(body));
    expect(response.statusCode).toBe(200);
    const { user, row } = await clientCase(email);
    expect(user).toMatchObject({ role: 'client', name: 'Iris', lastName: 'Vermeer' });
    expect(row?.statusSlug).toBe('lead');
    expect(row?.typeform).toMatchObject({
      'Wat is je situatie?': 'Mijn werkgever wil mij ontslaan',
      'Hoe lang ben je in dienst?': '7',
    });
    const [docs] = await ctx.db.select({ n: count() }).from(documents).where(eq(documents.caseId, row!.id));
    expect(docs?.n).toBeGreaterThan(0);
    // The new case is a domain event like every change: case.created, once, by the system.
    const created = await ctx.db.select().from(auditEvents).where(eq(auditEvents.caseId, row!.id));
    expect(created.filter((line) => line.action === 'case.created')).toMatchObject([
      { actorId: null, subjectType: 'case', subjectId: row!.id, data: { status: 'lead' } },
    ]);
    const mail = await ctx.smtp.waitForMail(email, { since });
    expect(mail.text).toContain('https://portaal.example.com/login?event=typeform_submitted');
  });

  it('changes nothing and sends nothing for a replayed delivery', async () => {
    const email = uniqueEmail('intake');
    const first = delivery(email, 'evt-replay-1');
    const body = JSON.stringify(first);
    expect((await post(body, sign(body))).statusCode).toBe(200);
    await ctx.outbox.drain();
    const mailsBefore = ctx.smtp.messages.length;
    const before = await clientCase(email);
    const replay = JSON.stringify({
      ...first,
      form_response: delivery(email, 'evt-replay-1', 'Iets anders').form_response,
    });
    expect((await post(replay, sign(replay))).statusCode).toBe(200);
    await ctx.outbox.drain();
    expect(ctx.smtp.messages.length).toBe(mailsBefore);
    expect((await clientCase(email)).row?.typeform).toEqual(before.row?.typeform);
  });

  it('merges a new delivery into an existing client case', async () => {
    const email = uniqueEmail('intake');
    const a = JSON.stringify(delivery(email));
    await post(a, sign(a));
    const b = JSON.stringify(delivery(email, undefined, 'Ik ben ziek gemeld'));
    await post(b, sign(b));
    const { row } = await clientCase(email);
    expect(row?.typeform['Wat is je situatie?']).toBe('Ik ben ziek gemeld');
    const [n] = await ctx.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(n?.n).toBe(1);
  });

  it('checks the signature before reading the body and answers 401 on a bad one', async () => {
    const email = uniqueEmail('intake');
    const body = JSON.stringify(delivery(email));
    for (const signature of [undefined, 'sha256=', sign(body, 'wrong-secret'), sign(body + ' '), 'md5=abc']) {
      const response = await post(body, signature);
      expect(response.statusCode).toBe(401);
    }
    expect((await post('{not json', sign(body))).statusCode).toBe(401);
    expect((await clientCase(email)).user).toBeUndefined();
  });

  it('answers 422 for a signed body that is not a delivery or has no e-mail, changing nothing', async () => {
    for (const body of ['{not json', JSON.stringify({ hello: 1 }), JSON.stringify(delivery('not-an-email'))]) {
      const response = await post(body, sign(body));
      expect(response.statusCode).toBe(422);
    }
  });

  it('never turns a lawyer into a client', async () => {
    const lawyer = await createTestLawyer(ctx);
    const body = JSON.stringify(delivery(lawyer.email));
    expect((await post(body, sign(body))).statusCode).toBe(200);
    const { user, row } = await clientCase(lawyer.email);
    expect(user?.role).toBe('lawyer');
    expect(row).toBeUndefined();
  });

  it('is switched off without TYPEFORM_SECRET', async () => {
    const local = await createTestContext();
    const body = JSON.stringify(delivery(uniqueEmail('intake')));
    const response = await local.app.inject({
      method: 'POST',
      url: '/api/intake/typeform',
      headers: { 'content-type': 'application/json', 'typeform-signature': sign(body) },
      payload: body,
    });
    expect(response.statusCode).toBe(404);
    await local.close();
  });
});
