import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cases, outbox } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';

/** The mails of the two signatures: the engagement letter and the settlement agreement (signing-mails.ts). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-01T09:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
});

const mailsTo = async (address: string) => {
  await ctx.outbox.drain();
  return ctx.smtp.messages.filter((m) => m.to.includes(address));
};
const json = (url: string, token: string, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload });

describe('signing mails', () => {
  it('tells the client what they signed and until when they may withdraw; the lawyer hears of it', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'offer-chosen', lawyerIds: [lawyer.id] });
    await ctx.db.update(cases).set({ offer: 'complete' }).where(eq(cases.id, client.caseId));
    const lawyerToken = await tokenFor(ctx, lawyer.id);
    const clientToken = await tokenFor(ctx, client.id);
    expect(
      (await json(`/api/cases/${client.caseId}/proposal`, lawyerToken, { minimal_achievement: 'M1' })).statusCode,
    ).toBe(200);
    const before = (await mailsTo(client.email)).length;
    const signed = await json(`/api/cases/${client.caseId}/proposal/sign`, clientToken, {
      full_name: 'Kees Klant',
      agree: true,
      start_now: false,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const mail = (await mailsTo(client.email)).slice(before).find((m) => m.subject.includes('opdrachtbevestiging'));
    expect(mail?.subject).toBe('Je hebt de opdrachtbevestiging getekend');
    // Signed on 1 March: 14 days, through 15 March.
    expect(mail?.text).toContain('Compleet onbezorgd');
    expect(mail?.text).toContain('tot en met 15-03-2026');
    expect(mail?.text).toContain('na 15-03-2026 gaan we aan de slag');
    expect(
      (await mailsTo(lawyer.email)).some((m) => m.subject.includes('heeft de opdrachtbevestiging ondertekend')),
    ).toBe(true);
  });

  it('starts the bedenktijd with a mail naming its last day, and the phase mail says it is signed', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
    await ctx.db.update(cases).set({ offer: 'extreme' }).where(eq(cases.id, client.caseId));
    const lawyerToken = await tokenFor(ctx, lawyer.id);
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
    const version = multipart(
      { from: 'employer', dated: '2026-02-27', text: 'Artikel 1.', terms: JSON.stringify(terms) },
      [],
    );
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${client.caseId}/settlement/versions`,
      headers: { ...bearer(lawyerToken), ...version.headers },
      payload: version.payload,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await json(`/api/settlement-versions/${added.json().data.id}/final`, lawyerToken)).statusCode).toBe(200);

    const body = multipart({ dated: '2026-03-02', agreed_on: '2026-03-02', cooling_off_clause: 'true' }, [
      { filename: 'getekend.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    const recorded = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${client.caseId}/settlement/signed`,
      headers: { ...bearer(lawyerToken), ...body.headers },
      payload: body.payload,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const started = (await mailsTo(client.email)).find((m) => m.subject.includes('bedenktijd loopt'));
    expect(started?.text).toContain('Tot en met 16-03-2026 kun je hem zonder opgave van redenen ontbinden');
    expect(started?.text).toContain("'Zet de belangrijke data in je agenda'");
    expect(started?.text).toContain('/onderhandeling');

    // The check approved after signing moves the case to 'Klaar voor ondertekening': the phase mail says signed.
    expect((await json(`/api/cases/${client.caseId}/settlement/ww-check/approve`, lawyerToken)).statusCode).toBe(200);
    const phase = (
      await ctx.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, 'phase_changed'), eq(outbox.recipientId, client.id)))
    ).find((row) => (row.payload as { to?: string }).to === 'ready-for-signing');
    expect(phase?.payload).toMatchObject({ to: 'ready-for-signing', signed: { last_day: '2026-03-16' } });
    const phaseMail = (await mailsTo(client.email)).find((m) => m.subject.includes('Klaar voor ondertekening'));
    expect(phaseMail?.text).toContain('Je hebt de vaststellingsovereenkomst getekend. Tot en met 16-03-2026');
    expect(phaseMail?.text).not.toContain('klaar om te ondertekenen');
  });
});
