import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cases, outbox, settlementSigned, settlementSignedSuperseded } from '../infra/db/schema';
import { bearer, createCaseAt, createTestContext, tokenFor, type TestContext } from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { sendSettlementReminders } from './reminders';

/**
 * The signed settlement agreement is recorded once; the lawyer corrects it only while the
 * bedenktijd runs, never on a closed case or under a legal hold, never dated before the final
 * version; a corrected record and its file are kept. 'Akkoord' only on the employer's newest
 * version, before signing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const PDF = (label: string) => Buffer.from(`%PDF-1.4\n%${label}\n%%EOF\n`);

function world() {
  ctx.clock.set(new Date('2026-03-01T09:00:00Z'));
  return createCaseAt(ctx, 'reviewing-documents', { offer: 'extreme' });
}

const record = (caseId: string, headers: Record<string, string>, fields: Record<string, string>, label = 'a') => {
  const body = multipart(fields, [
    { filename: `getekend-${label}.pdf`, contentType: 'application/pdf', data: PDF(label) },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/settlement/signed`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const addVersion = async (caseId: string, headers: Record<string, string>, fields: Record<string, string>) => {
  const body = multipart({ text: 'Artikel 1. Voorstel.', ...fields }, []);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/settlement/versions`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
};
const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(payload ?? {}),
  });
const signedRow = async (caseId: string) =>
  (await ctx.db.select().from(settlementSigned).where(eq(settlementSigned.caseId, caseId)))[0];
const storedKeys = async (caseId: string) => {
  const keys: string[] = [];
  for await (const { key } of ctx.storage.list(`settlement/${caseId}/signed`)) keys.push(key);
  return keys.sort();
};
const FIRST = { dated: '2026-03-02', agreed_on: '2026-03-02', cooling_off_clause: 'true' };

describe('the signed settlement agreement', () => {
  it('is recorded once; a correction during the bedenktijd keeps the record it replaces, file and all', async () => {
    const w = await world();
    const first = await record(w.caseId, w.lawyer, FIRST, 'eerste');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.signed).toMatchObject({ version: 1, correctable: true });
    const firstKey = (await signedRow(w.caseId))!.storageKey!;

    // Recording again without naming the record it corrects is refused, and leaves no file behind.
    const again = await record(w.caseId, w.lawyer, FIRST, 'nogmaals');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'De getekende vaststellingsovereenkomst is al vastgelegd. Vernieuw de pagina om hem te corrigeren.',
    );
    expect(await storedKeys(w.caseId)).toEqual([firstKey]);

    const corrected = await record(w.caseId, w.lawyer, { ...FIRST, cooling_off_clause: 'false', version: '1' }, 'b');
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.json().data).toMatchObject({ cooling_off_ends_on: '2026-03-23', signed: { version: 2 } });
    const [superseded] = await ctx.db
      .select()
      .from(settlementSignedSuperseded)
      .where(eq(settlementSignedSuperseded.caseId, w.caseId));
    expect(superseded).toMatchObject({ version: 1, storageKey: firstKey, coolingOffEndsOn: '2026-03-16' });
    expect(await ctx.storage.exists(firstKey)).toBe(true);
    expect(await storedKeys(w.caseId)).toHaveLength(2);

    // A form loaded with an older version is refused.
    const stale = await record(w.caseId, w.lawyer, { ...FIRST, version: '1' }, 'c');
    expect(stale.statusCode).toBe(409);
    expect(await storedKeys(w.caseId)).toHaveLength(2);

    // After the bedenktijd (ends 23 March) no correction.
    ctx.clock.set(new Date('2026-03-24T09:00:00Z'));
    const lawyer = bearer(await tokenFor(ctx, w.lawyerId));
    const late = await record(w.caseId, lawyer, { ...FIRST, version: '2' }, 'd');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'De bedenktijd is voorbij: de getekende vaststellingsovereenkomst kan niet meer worden gecorrigeerd.',
    );
    expect((await signedRow(w.caseId))?.version).toBe(2);
    expect(await storedKeys(w.caseId)).toHaveLength(2);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/cases/${w.caseId}/settlement`, headers: lawyer });
    expect(view.json().data.signed.correctable).toBe(false);
  });

  it('is not corrected under a hold or once the case is completed, nor recorded at all on a closed case', async () => {
    const held = await world();
    expect((await record(held.caseId, held.lawyer, FIRST)).statusCode).toBe(201);
    await ctx.db.update(cases).set({ legalHold: true, legalHoldReason: 'Procedure' }).where(eq(cases.id, held.caseId));
    const refused = await record(held.caseId, held.lawyer, { ...FIRST, version: '1' }, 'b');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Voor dit dossier geldt een bewaarplicht: de getekende vaststellingsovereenkomst kan niet worden gecorrigeerd.',
    );
    expect((await signedRow(held.caseId))?.version).toBe(1);

    const done = await world();
    expect((await record(done.caseId, done.lawyer, FIRST)).statusCode).toBe(201);
    await ctx.db.update(cases).set({ statusSlug: 'completed' }).where(eq(cases.id, done.caseId));
    const closed = await record(done.caseId, done.lawyer, { ...FIRST, version: '1' }, 'b');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(
      'Dit dossier is afgesloten: de vaststellingsovereenkomst kan niet meer worden gewijzigd.',
    );

    const never = await world();
    await ctx.db.update(cases).set({ statusSlug: 'ready-for-invoicing' }).where(eq(cases.id, never.caseId));
    expect((await record(never.caseId, never.lawyer, FIRST)).statusCode).toBe(409);
    expect(await signedRow(never.caseId)).toBeUndefined();
    expect(await storedKeys(never.caseId)).toEqual([]);
  });

  it('is never dated before the final version (422 on the date, nothing stored)', async () => {
    const w = await world();
    const id = await addVersion(w.caseId, w.lawyer, { from: 'employer', dated: '2026-02-27' });
    expect((await post(`/api/settlement-versions/${id}/final`, w.lawyer)).statusCode).toBe(200);
    const early = await record(w.caseId, w.lawyer, { ...FIRST, dated: '2026-02-26' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.dated).toEqual([
      'De dagtekening kan niet vóór de datum van de definitieve versie liggen.',
    ]);
    expect(await signedRow(w.caseId)).toBeUndefined();
    expect(await storedKeys(w.caseId)).toEqual([]);
    expect((await record(w.caseId, w.lawyer, { ...FIRST, dated: '2026-02-27' })).statusCode).toBe(201);
  });

  it('gives one winner of two parallel records, and no file of the loser is left', async () => {
    const w = await world();
    const answers = await Promise.all([record(w.caseId, w.lawyer, FIRST, 'x'), record(w.caseId, w.lawyer, FIRST, 'y')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const row = await signedRow(w.caseId);
    expect(await storedKeys(w.caseId)).toEqual([row!.storageKey]);

    // Two parallel corrections of the same version: one wins, the other's file is gone too.
    const corrections = await Promise.all([
      record(w.caseId, w.lawyer, { ...FIRST, version: '1' }, 'p'),
      record(w.caseId, w.lawyer, { ...FIRST, version: '1' }, 'q'),
    ]);
    expect(corrections.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const after = await signedRow(w.caseId);
    expect(after?.version).toBe(2);
    const superseded = await ctx.db
      .select()
      .from(settlementSignedSuperseded)
      .where(eq(settlementSignedSuperseded.caseId, w.caseId));
    expect(superseded.map((r) => r.storageKey)).toEqual([row!.storageKey]);
    expect(await storedKeys(w.caseId)).toEqual([row!.storageKey, after!.storageKey].sort());
  });
});

describe("the client's 'Akkoord'", () => {
  it("is taken only on the employer's newest version, and not once signed", async () => {
    const w = await world();
    const employerOld = await addVersion(w.caseId, w.lawyer, { from: 'employer', dated: '2026-02-20' });
    const ours = await addVersion(w.caseId, w.lawyer, { from: 'us', dated: '2026-02-22', reply_by: '2026-03-10' });
    const agree = (id: string) => post(`/api/settlement-versions/${id}/response`, w.client, { response: 'agree' });

    const onOurs = await agree(ours);
    expect(onOurs.statusCode).toBe(409);
    expect(onOurs.json().message).toBe(
      'Je geeft alleen akkoord op een voorstel van je werkgever. Op ons tegenvoorstel wachten we het antwoord van je ' +
        'werkgever af.',
    );
    // Our counter-offer's deadline is the employer's: not the client's reply date.
    const settlement = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${w.caseId}/settlement`,
      headers: w.client,
    });
    expect(settlement.json().data.dates.reply_by).toBeNull();
    // A question about our own version is still welcome.
    expect(
      (await post(`/api/settlement-versions/${ours}/response`, w.client, { response: 'question', text: 'Waarom?' }))
        .statusCode,
    ).toBe(200);

    // Nor is the client reminded of it.
    await sendSettlementReminders(ctx.db, new Date('2026-03-08T08:00:00Z'));
    const reminders = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'settlement_reply_reminder'));
    expect(reminders.filter((r) => r.dedupeKey === `settlement-reply:${ours}`)).toEqual([]);

    const employerNew = await addVersion(w.caseId, w.lawyer, { from: 'employer', dated: '2026-02-25' });
    const onOld = await agree(employerOld);
    expect(onOld.statusCode).toBe(409);
    expect(onOld.json().message).toBe(
      'Er is een nieuwer voorstel van je werkgever. Geef je akkoord op het nieuwste voorstel.',
    );
    expect((await agree(employerNew)).statusCode).toBe(200);

    expect((await record(w.caseId, w.lawyer, FIRST)).statusCode).toBe(201);
    const afterSigning = await agree(employerNew);
    expect(afterSigning.statusCode).toBe(409);
    expect(afterSigning.json().message).toBe(
      'De vaststellingsovereenkomst is al getekend: akkoord geven is niet meer nodig.',
    );
    const responses = (
      await ctx.app.inject({ method: 'GET', url: `/api/cases/${w.caseId}/settlement`, headers: w.client })
    )
      .json()
      .data.versions.flatMap((v: { responses: { response: string }[] }) => v.responses.map((r) => r.response));
    expect(responses.sort()).toEqual(['agree', 'question']);
  });
});
