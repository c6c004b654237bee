import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { cases, messages, outbox } from '../infra/db/schema';
import {
  bearer,
  createCaseAt,
  createTestAdmin,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { makeDocx } from '../infra/testing/settlement-files';
import { unzip } from '../infra/testing/unzip';
import { sendSettlementReminders } from './reminders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-01T09:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
});

const terms = {
  start_date: '2020-01-01',
  monthly_salary_cents: 300_000,
  agreement_date: '2026-03-02',
  end_date: '2026-05-31',
  initiative: 'employer',
  urgent_reason_excluded: true,
  cooling_off_clause: true,
  employee_ill: false,
  severance_cents: 1_800_000,
  legal_costs_conditional: false,
};

const world = (offer: 'start' | 'complete' | 'extreme' = 'extreme') =>
  createCaseAt(ctx, 'reviewing-documents', { offer });

const status = async (caseId: string) =>
  (await ctx.db.select({ s: cases.statusSlug }).from(cases).where(eq(cases.id, caseId)))[0]?.s;

async function addVersion(
  caseId: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  files: Parameters<typeof multipart>[1] = [],
) {
  const body = multipart(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/settlement/versions`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
const json = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('settlement versions', () => {
  it('walks a case from the first offer to the signed agreement, moving its phases', async () => {
    const w = await world('extreme');
    const first = await addVersion(w.caseId, w.lawyer, {
      from: 'employer',
      dated: '2026-02-20',
      reply_by: '2026-03-03',
      note: 'Eerste bod',
      terms: JSON.stringify({ ...terms, severance_cents: 1_800_000 }),
      text: 'Artikel 1. De vergoeding bedraagt 18.000 euro.',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ number: 1, from: 'employer', reply_by: '2026-03-03', final: false });
    expect(await status(w.caseId)).toBe('negotiation-phase');
    // The client hears of it without content.
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'settlement_version'));
    expect(mails.some((m) => m.recipientId === w.id && Object.keys(m.payload).join() === 'name')).toBe(true);

    const docx = await makeDocx(['Artikel 1. De vergoeding bedraagt 24.500 euro.']);
    const second = await addVersion(
      w.caseId,
      w.lawyer,
      { from: 'us', dated: '2026-02-25', terms: JSON.stringify({ ...terms, severance_cents: 2_450_000 }) },
      [{ filename: 'tegenvoorstel.docx', data: docx }],
    );
    expect(second.statusCode).toBe(201);
    const secondId = second.json().data.id as string;
    expect(second.json().data).toMatchObject({
      number: 2,
      text: 'Artikel 1. De vergoeding bedraagt 24.500 euro.',
      file: { filename: 'tegenvoorstel.docx' },
    });

    const redline = await json('GET', `/api/settlement-versions/${secondId}/redline`, w.client);
    expect(redline.statusCode).toBe(200);
    // The amount changes as a whole, read from the redline stored with the version.
    expect(redline.json()).toEqual({
      data: [
        { op: 'equal', text: 'Artikel 1. De vergoeding bedraagt ' },
        { op: 'delete', text: '18.000' },
        { op: 'insert', text: '24.500' },
        { op: 'equal', text: ' euro.' },
      ],
      meta: { too_many_changes: false, pending: false },
    });

    const question = await json('POST', `/api/settlement-versions/${secondId}/response`, w.client, {
      response: 'question',
      text: 'Wat betekent finale kwijting?',
    });
    expect(question.statusCode).toBe(200);
    const thread = await ctx.db.select().from(messages).where(eq(messages.caseId, w.caseId));
    expect(thread[0]?.text).toBe('Vraag over voorstel 2 van 25-02-2026:\n\nWat betekent finale kwijting?');
    expect(
      (await json('POST', `/api/settlement-versions/${secondId}/response`, w.client, { response: 'question' }))
        .statusCode,
    ).toBe(422);
    // Our own counter-offer is not the client's to accept: 'Akkoord' goes to the employer's versions.
    expect(
      (await json('POST', `/api/settlement-versions/${secondId}/response`, w.client, { response: 'agree' })).statusCode,
    ).toBe(409);
    expect(
      (await json('POST', `/api/settlement-versions/${first.json().data.id}/response`, w.client, { response: 'agree' }))
        .json()
        .data.responses.map((r: { response: string }) => r.response),
    ).toEqual(['agree']);

    expect((await json('POST', `/api/settlement-versions/${secondId}/final`, w.lawyer)).statusCode).toBe(200);
    expect(await status(w.caseId)).toBe('check');
    const settlement = (await json('GET', `/api/cases/${w.caseId}/settlement`, w.client)).json().data;
    expect(settlement.versions.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(settlement.check).toMatchObject({ version_id: secondId, approved_at: null, missing: [] });
    expect(settlement.check.result.items).toHaveLength(7);

    expect((await json('POST', `/api/cases/${w.caseId}/settlement/ww-check/approve`, w.lawyer)).statusCode).toBe(200);
    expect(await status(w.caseId)).toBe('ready-for-signing');

    const signedBody = multipart({ dated: '2026-03-02', agreed_on: '2026-03-02', cooling_off_clause: 'true' }, [
      { filename: 'getekend.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const signed = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${w.caseId}/settlement/signed`,
      headers: { ...w.lawyer, ...signedBody.headers },
      payload: signedBody.payload,
    });
    expect(signed.statusCode).toBe(201);
    expect(signed.json().data).toMatchObject({
      cooling_off_ends_on: '2026-03-16',
      cooling_off_running: true,
      complete_task: false,
    });
    const got = (await json('GET', `/api/cases/${w.caseId}/settlement`, w.client)).json().data;
    expect(got.cooling_off_ends_on).toBe('2026-03-16');
    expect(got.dates).toEqual({
      reply_by: null,
      cooling_off_ends_on: '2026-03-16',
      end_date: '2026-05-31',
    });

    const letter = await json('GET', `/api/cases/${w.caseId}/settlement/dissolution-letter`, w.client);
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const ics = await json('GET', `/api/cases/${w.caseId}/key-dates.ics`, w.client);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(ics.body));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events.map((e) => [e.summary, e.startDate.toString()])).toEqual([
      ['Laatste dag bedenktijd vaststellingsovereenkomst', '2026-03-16'],
      ['Einde dienstverband', '2026-05-31'],
    ]);
    const again = new ICAL.Component(
      ICAL.parse((await json('GET', `/api/cases/${w.caseId}/key-dates.ics`, w.lawyer)).body),
    );
    expect(again.getAllSubcomponents('vevent').map((e) => e.getFirstPropertyValue('uid'))).toEqual(
      events.map((e) => e.uid),
    );

    const zip = unzip((await json('GET', `/api/cases/${w.caseId}/export`, w.client)).rawPayload);
    expect(JSON.parse(zip.get('vaststellingsovereenkomst/gegevens.json')!.toString()).versions).toHaveLength(2);
    expect([...zip.keys()].some((name) => name.startsWith('vaststellingsovereenkomst/getekend'))).toBe(true);
  });

  it('sends a start package straight to checks, a complete package from definitief to ready for signing', async () => {
    const start = await world('start');
    await addVersion(start.caseId, start.lawyer, { from: 'employer', dated: '2026-02-20', text: 'Voorstel' });
    expect(await status(start.caseId)).toBe('check');
    const complete = await world('complete');
    const v = await addVersion(complete.caseId, complete.lawyer, {
      from: 'employer',
      dated: '2026-02-20',
      text: 'Voorstel',
    });
    expect(await status(complete.caseId)).toBe('negotiation-phase');
    await json('POST', `/api/settlement-versions/${v.json().data.id}/final`, complete.lawyer);
    expect(await status(complete.caseId)).toBe('ready-for-signing');
  });

  it('gives 21 days without the clause and none after an earlier dissolution', async () => {
    const w = await world();
    const record = async (fields: Record<string, string>) => {
      const body = multipart(fields, [
        { filename: 'getekend.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
      ]);
      return (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/cases/${w.caseId}/settlement/signed`,
          headers: { ...w.lawyer, ...body.headers },
          payload: body.payload,
        })
      ).json().data;
    };
    expect(
      (await record({ dated: '2026-03-02', agreed_on: '2026-03-02', cooling_off_clause: 'false' })).cooling_off_ends_on,
    ).toBe('2026-03-23');
    // A correction while the bedenktijd runs names the record it corrects.
    expect(
      (
        await record({
          dated: '2026-03-02',
          agreed_on: '2026-03-02',
          cooling_off_clause: 'true',
          version: '1',
        })
      ).cooling_off_ends_on,
    ).toBe('2026-03-16');
    expect(
      (
        await record({
          dated: '2026-03-02',
          agreed_on: '2026-03-02',
          cooling_off_clause: 'true',
          dissolved_within_six_months: 'true',
          version: '2',
        })
      ).cooling_off_ends_on,
    ).toBeNull();
  });

  it('refuses the wrong role, someone else’s case and bad input', async () => {
    const w = await world();
    const other = await world();
    const admin = bearer((await createTestAdmin(ctx)).token);
    expect(
      (await addVersion(w.caseId, w.client, { from: 'employer', dated: '2026-02-20', text: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await addVersion(w.caseId, other.lawyer, { from: 'employer', dated: '2026-02-20', text: 'x' })).statusCode,
    ).toBe(404);
    expect((await addVersion(w.caseId, admin, { from: 'employer', dated: '2026-02-20', text: 'x' })).statusCode).toBe(
      404,
    );
    expect((await addVersion(w.caseId, {}, { from: 'employer', dated: '2026-02-20', text: 'x' })).statusCode).toBe(401);
    const bad = await addVersion(w.caseId, w.lawyer, { from: 'boss', dated: '2026-02-30', text: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['dated', 'from']);
    expect(
      (await addVersion(w.caseId, w.lawyer, { from: 'employer', dated: '2026-02-20' })).json().errors,
    ).toHaveProperty('text');
    expect(
      (
        await addVersion(w.caseId, w.lawyer, {
          from: 'employer',
          dated: '2026-02-20',
          text: 'x',
          terms: '{"severance_cents": 1.5}',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await addVersion(w.caseId, w.lawyer, { from: 'employer', dated: '2026-02-20' }, [
          { filename: 'kapot.pdf', data: Buffer.from('geen pdf') },
        ])
      ).json().errors,
    ).toHaveProperty('file');
    const version = (
      await addVersion(w.caseId, w.lawyer, { from: 'employer', dated: '2026-02-20', text: 'Voorstel' })
    ).json().data.id as string;
    expect((await json('POST', `/api/settlement-versions/${version}/final`, w.client)).statusCode).toBe(403);
    expect((await json('POST', `/api/settlement-versions/${version}/final`, other.lawyer)).statusCode).toBe(404);
    expect(
      (await json('POST', `/api/settlement-versions/${version}/response`, w.lawyer, { response: 'agree' })).statusCode,
    ).toBe(403);
    expect(
      (await json('POST', `/api/settlement-versions/${version}/response`, other.client, { response: 'agree' }))
        .statusCode,
    ).toBe(404);
    expect((await json('GET', `/api/settlement-versions/${version}/redline`, other.client)).statusCode).toBe(404);
    expect((await json('POST', `/api/cases/${w.caseId}/settlement/ww-check/approve`, w.client)).statusCode).toBe(403);
    expect((await json('POST', `/api/cases/${w.caseId}/settlement/ww-check/approve`, w.lawyer)).statusCode).toBe(409);
    expect((await json('GET', `/api/cases/${w.caseId}/settlement`, other.client)).statusCode).toBe(404);
    expect((await json('GET', `/api/cases/${w.caseId}/settlement/dissolution-letter`, w.lawyer)).statusCode).toBe(403);
    expect((await json('GET', `/api/cases/${w.caseId}/settlement/dissolution-letter`, w.client)).statusCode).toBe(409);
  });
});

describe('settlement reminders', () => {
  it('reminds 2 days before reply deadline, 3 days before and on the last day; then a lawyer task', async () => {
    ctx.clock.set(new Date('2026-04-01T08:00:00Z'));
    const w = await world();
    const added = await addVersion(w.caseId, w.lawyer, {
      from: 'employer',
      dated: '2026-04-01',
      reply_by: '2026-04-05',
      text: 'Voorstel',
    });
    expect(added.statusCode, added.body).toBe(201);
    // In write order: a row the mail worker has claimed since may sit elsewhere in the table.
    const kinds = async () =>
      (await ctx.db.select({ kind: outbox.kind, key: outbox.dedupeKey }).from(outbox).orderBy(outbox.seq))
        .filter((r) => r.key?.includes(w.caseId) || r.key?.startsWith('settlement-reply:'))
        .map((r) => r.kind);
    await sendSettlementReminders(ctx.db, new Date('2026-04-02T08:00:00Z'));
    expect((await kinds()).filter((k) => k === 'settlement_reply_reminder')).toHaveLength(0);
    await sendSettlementReminders(ctx.db, new Date('2026-04-03T08:00:00Z'));
    await sendSettlementReminders(ctx.db, new Date('2026-04-04T08:00:00Z'));
    const replyKeys = (await ctx.db.select({ kind: outbox.kind, to: outbox.recipientId }).from(outbox)).filter(
      (r) => r.kind === 'settlement_reply_reminder' && r.to === w.id,
    );
    expect(replyKeys).toHaveLength(1);

    const body = multipart({ dated: '2026-04-06', agreed_on: '2026-04-06', cooling_off_clause: 'true' }, [
      { filename: 'getekend.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${w.caseId}/settlement/signed`,
      headers: { ...w.lawyer, ...body.headers },
      payload: body.payload,
    });
    // Ends 2026-04-20.
    await sendSettlementReminders(ctx.db, new Date('2026-04-16T08:00:00Z'));
    expect(await kinds()).not.toContain('cooling_off_ending');
    await sendSettlementReminders(ctx.db, new Date('2026-04-17T08:00:00Z'));
    await sendSettlementReminders(ctx.db, new Date('2026-04-18T08:00:00Z'));
    await sendSettlementReminders(ctx.db, new Date('2026-04-20T08:00:00Z'));
    expect((await kinds()).filter((k) => k.startsWith('cooling_off'))).toEqual([
      'cooling_off_ending',
      'cooling_off_last_day',
    ]);
    await sendSettlementReminders(ctx.db, new Date('2026-04-21T08:00:00Z'));
    await sendSettlementReminders(ctx.db, new Date('2026-04-22T08:00:00Z'));
    expect((await kinds()).filter((k) => k === 'cooling_off_expired')).toHaveLength(1);
    ctx.clock.set(new Date('2026-04-21T08:00:00Z'));
    expect(
      (
        await json(
          'GET',
          `/api/cases/${w.caseId}/settlement`,
          bearer(await tokenFor(ctx, (await createTestLawyer(ctx)).id)),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await json('GET', `/api/cases/${w.caseId}/settlement`, bearer(await tokenFor(ctx, w.id)))).json().data,
    ).toMatchObject({ cooling_off_running: false, complete_task: true });
  });
});
