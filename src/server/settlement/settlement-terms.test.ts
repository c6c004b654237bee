import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { settlementVersions } from '../infra/db/schema';
import { createCaseAt, createTestContext, type TestContext } from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';

/**
 * The terms of a settlement version as the lawyer writes them (dates, the CAO mark, translated
 * refusals) and the WW check that follows from them and from the signed agreement's date.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-05-10T09:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
});

/** 6 years of service on the agreement date: the statutory notice period is 2 months. */
const terms = {
  start_date: '2020-01-01',
  agreement_date: '2026-04-25',
  end_date: '2026-06-30',
  initiative: 'employer',
  urgent_reason_excluded: true,
  cooling_off_clause: true,
  employee_ill: false,
  severance_cents: 1_800_000,
  legal_costs_conditional: false,
};

const world = () => createCaseAt(ctx, 'reviewing-documents', { offer: 'extreme' });

async function addVersion(caseId: string, headers: Record<string, string>, fields: Record<string, string>) {
  const body = multipart({ from: 'employer', dated: '2026-04-20', text: 'Voorstel', ...fields });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/settlement/versions`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
const post = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'POST', url, headers });
const getSettlement = async (caseId: string, headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/cases/${caseId}/settlement`, headers })).json().data;
async function recordSigned(caseId: string, headers: Record<string, string>, fields: Record<string, string>) {
  const body = multipart({ agreed_on: fields.dated ?? '2026-05-02', cooling_off_clause: 'true', ...fields }, [
    { filename: 'getekend.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/settlement/signed`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
/** A case with one final, approved version of `stated` terms. */
async function finalCase(stated: Record<string, unknown>) {
  const w = await world();
  const added = await addVersion(w.caseId, w.lawyer, { terms: JSON.stringify(stated) });
  expect(added.statusCode).toBe(201);
  const id = added.json().data.id as string;
  expect((await post(`/api/settlement-versions/${id}/final`, w.lawyer)).statusCode).toBe(200);
  expect((await post(`/api/cases/${w.caseId}/settlement/ww-check/approve`, w.lawyer)).statusCode).toBe(200);
  return { ...w, versionId: id };
}
const noticeItem = (data: { check: { result: { items: { key: string }[] } } }) =>
  data.check.result.items.find((i) => i.key === 'notice_period');

describe('the WW check after signing', () => {
  it('counts from the signed date: a later dagtekening turns ‘In orde’ into a warning on both screens', async () => {
    const w = await finalCase(terms);
    const draft = await getSettlement(w.caseId, w.client);
    expect(draft.check).toMatchObject({ agreement_date: '2026-04-25', from_signed: false });
    expect(draft.check.result).toMatchObject({ fictitious_notice_end: '2026-06-30', ww_start_date: '2026-07-01' });
    expect(noticeItem(draft)).toMatchObject({ result: 'ok' });

    const signed = await recordSigned(w.caseId, w.lawyer, { dated: '2026-05-02', agreed_on: '2026-05-02' });
    expect(signed.statusCode).toBe(201);
    for (const reader of [w.client, w.lawyer]) {
      const after = await getSettlement(w.caseId, reader);
      expect(after.check).toMatchObject({ agreement_date: '2026-05-02', from_signed: true });
      expect(after.check.result).toMatchObject({ fictitious_notice_end: '2026-07-31', ww_start_date: '2026-08-01' });
      expect(noticeItem(after)).toEqual({
        key: 'notice_period',
        result: 'warning',
        text: 'De einddatum ligt vóór het einde van de opzegtermijn (31-07-2026): je WW begint pas op 01-08-2026.',
      });
    }
    // The version's own terms are kept as they were sent.
    expect((await getSettlement(w.caseId, w.client)).terms.agreement_date).toBe('2026-04-25');
  });

  it('refuses a signed date outside 1900–2100 with 422 and records nothing', async () => {
    const w = await finalCase(terms);
    for (const dated of ['9999-12-31', '10000-01-01', '1899-12-31']) {
      const response = await recordSigned(w.caseId, w.lawyer, { dated, agreed_on: '2026-05-02' });
      expect(response.statusCode, dated).toBe(422);
      expect(response.json().errors).toHaveProperty('dated');
    }
    const agreedOn = await recordSigned(w.caseId, w.lawyer, { dated: '2026-05-02', agreed_on: '9999-01-01' });
    expect(agreedOn.statusCode).toBe(422);
    expect(agreedOn.json().errors.agreed_on).toEqual(['Vul een datum in tussen het jaar 1900 en 2100.']);
    expect((await getSettlement(w.caseId, w.lawyer)).signed).toBeNull();
  });
});

describe('the CAO mark on the notice period', () => {
  it('is stored with the terms and turns the warning of a shorter contract period into none', async () => {
    // The contract says 1 month, the law 2: an end on 31 May fits only the contract's month.
    const shorter = { ...terms, notice_months: 1, end_date: '2026-05-31' };
    const without = await finalCase(shorter);
    const warned = await getSettlement(without.caseId, without.lawyer);
    expect(noticeItem(warned)).toMatchObject({ result: 'warning' });
    expect(warned.check.result).toMatchObject({ notice_months: 2, ww_start_date: '2026-07-01' });

    const marked = await finalCase({ ...shorter, notice_shortened_by_cao: true });
    const ok = await getSettlement(marked.caseId, marked.client);
    expect(ok.terms.notice_shortened_by_cao).toBe(true);
    expect(ok.versions[0].terms.notice_shortened_by_cao).toBe(true);
    expect(ok.check.result).toMatchObject({ notice_months: 1, ww_start_date: '2026-06-01' });
    expect(noticeItem(ok)).toEqual({
      key: 'notice_period',
      result: 'ok',
      text:
        'De opzegtermijn uit de cao (1 mnd., korter dan de wettelijke) wordt gerespecteerd: ' +
        'die loopt tot en met 31-05-2026.',
    });
    const [row] = await ctx.db.select().from(settlementVersions).where(eq(settlementVersions.id, marked.versionId));
    expect((row?.terms as Record<string, unknown>).notice_shortened_by_cao).toBe(true);
  });
});

describe('the terms of a new version', () => {
  it('refuses impossible dates and an end before the agreement, each on its field, translated', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ end_date: '2026-02-31' }, 'terms.end_date', 'Ongeldige datum', 'This date does not exist.'],
      [{ end_date: '10000-01-01' }, 'terms.end_date', 'Vul een geldige datum in.', 'Enter a valid date.'],
      [
        { agreement_date: '9999-12-31', end_date: null },
        'terms.agreement_date',
        'Vul een datum in tussen het jaar 1900 en 2100.',
        'Enter a date between the years 1900 and 2100.',
      ],
      [
        { agreement_date: '2026-05-01', end_date: '2026-04-30' },
        'terms.end_date',
        'De einddatum ligt vóór de datum van de overeenkomst.',
        'The end date is before the date of the agreement.',
      ],
      [
        { severance_cents: 'veel' },
        'terms.severance_cents',
        'Deze waarde heeft niet de juiste vorm.',
        'This value does not have the right form.',
      ],
    ];
    for (const [change, field, dutch, english] of cases) {
      const body = JSON.stringify({ ...terms, ...change });
      const nl = await addVersion(w.caseId, w.lawyer, { terms: body });
      expect(nl.statusCode, field).toBe(422);
      expect(nl.json().errors[field]?.[0], field).toBe(dutch);
      const en = await addVersion(w.caseId, { ...w.lawyer, 'accept-language': 'en-US' }, { terms: body });
      expect(en.json().errors[field]?.[0], field).toBe(english);
    }
    expect((await getSettlement(w.caseId, w.lawyer)).versions).toEqual([]);
  });
});
