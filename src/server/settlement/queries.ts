import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { addCalendarDays, amsterdamToday } from '../../contract/rules/amsterdam-date';
import { isCoolingOffRunning } from '../../contract/rules/cooling-off';
import {
  SettlementTermsSchema,
  type Settlement,
  type SettlementTerms,
  type SettlementVersion,
  type WwCheckRequest,
} from '../../contract/settlement';
import type { Redline } from '../../contract/rules/redline';
import type { Translate } from '../../contract/validation-messages';
import type { Db } from '../infra/db/client';
import { cases, settlementResponses, settlementSigned, settlementVersions } from '../infra/db/schema';
import { isCaseLocked } from '../../contract/rules/case-lock';
import { signedRecordRefusal } from '../../contract/rules/settlement-signing';
import type { StatusSlug } from '../../contract/statuses';
import { describeWwCheck, wwCheckOf } from './calculations';

// A version as the routes read it: without its stored redline, read only by GET …/redline (storedRedline).
const { redline: _redline, ...versionColumns } = getTableColumns(settlementVersions);
export type VersionRow = Omit<typeof settlementVersions.$inferSelect, 'redline'>;
export type SignedRow = typeof settlementSigned.$inferSelect;

/** The terms as stored (validated when written; anything unreadable is dropped, never shown). */
export function termsOf(row: Pick<VersionRow, 'terms'>): SettlementTerms {
  const parsed = SettlementTermsSchema.safeParse(row.terms);
  return parsed.success ? parsed.data : {};
}

export async function listVersions(db: Db, caseId: string): Promise<VersionRow[]> {
  return db
    .select(versionColumns)
    .from(settlementVersions)
    .where(eq(settlementVersions.caseId, caseId))
    .orderBy(desc(settlementVersions.number));
}

export async function getVersion(db: Db, id: string): Promise<VersionRow | null> {
  const [row] = await db.select(versionColumns).from(settlementVersions).where(eq(settlementVersions.id, id));
  return row ?? null;
}

/** The redline stored with a version (null while it is still to be computed: redline-job.ts). */
export async function storedRedline(db: Db, id: string): Promise<Redline | null> {
  const [row] = await db
    .select({ redline: settlementVersions.redline })
    .from(settlementVersions)
    .where(eq(settlementVersions.id, id));
  return row?.redline ?? null;
}

export async function getSigned(db: Db, caseId: string): Promise<SignedRow | null> {
  const [row] = await db.select().from(settlementSigned).where(eq(settlementSigned.caseId, caseId));
  return row ?? null;
}

/** The newest version of a case (by number): what a new version is compared with. */
export async function newestVersion(db: Db, caseId: string): Promise<Pick<VersionRow, 'number' | 'text'> | null> {
  const [row] = await db
    .select({ number: settlementVersions.number, text: settlementVersions.text })
    .from(settlementVersions)
    .where(eq(settlementVersions.caseId, caseId))
    .orderBy(desc(settlementVersions.number))
    .limit(1);
  return row ?? null;
}

/** The version before `row` (by number) in its case, or null for the first. */
export async function previousVersion(db: Db, row: VersionRow): Promise<VersionRow | null> {
  const [prev] = await db
    .select(versionColumns)
    .from(settlementVersions)
    .where(and(eq(settlementVersions.caseId, row.caseId), sql`${settlementVersions.number} < ${row.number}`))
    .orderBy(desc(settlementVersions.number))
    .limit(1);
  return prev ?? null;
}

const WW_FIELDS = [
  'start_date',
  'agreement_date',
  'end_date',
  'initiative',
  'urgent_reason_excluded',
  'cooling_off_clause',
  'employee_ill',
  'severance_cents',
] as const;

/**
 * The WW check of a version's terms, or the terms it still needs. Once the signed agreement is
 * recorded its dagtekening (`signedDated`) replaces the version's agreement date: the fictitious
 * notice period, the WW start and every item count from the date the agreement really bears.
 */
export function checkOfTerms(input: SettlementTerms, t: Translate, signedDated: string | null = null) {
  const terms = signedDated ? { ...input, agreement_date: signedDated } : input;
  const counted = { agreement_date: terms.agreement_date ?? null, from_signed: signedDated !== null };
  const missing = WW_FIELDS.filter((field) => terms[field] === undefined || terms[field] === null);
  if (missing.length > 0) return { result: null, missing: [...missing], ...counted };
  const request: WwCheckRequest = {
    start_date: terms.start_date as string,
    agreement_date: terms.agreement_date as string,
    end_date: terms.end_date as string,
    notice_months: terms.notice_months ?? null,
    notice_shortened_by_cao: terms.notice_shortened_by_cao ?? false,
    initiative: terms.initiative as 'employer' | 'employee',
    urgent_reason_excluded: terms.urgent_reason_excluded as boolean,
    cooling_off_clause: terms.cooling_off_clause as boolean,
    employee_ill: terms.employee_ill as boolean,
    severance_cents: terms.severance_cents as number,
    legal_costs_conditional: terms.legal_costs_conditional ?? false,
    ...(typeof terms.monthly_salary_cents === 'number'
      ? {
          monthly_salary_cents: terms.monthly_salary_cents,
          ...(terms.holiday_allowance_percent == null
            ? {}
            : { holiday_allowance_percent: terms.holiday_allowance_percent }),
          ...(terms.year_end_cents == null ? {} : { year_end_cents: terms.year_end_cents }),
          ...(terms.extras_monthly_cents == null ? {} : { extras_monthly_cents: terms.extras_monthly_cents }),
          ...(terms.variable_three_years_cents == null
            ? {}
            : { variable_three_years_cents: terms.variable_three_years_cents }),
        }
      : {}),
  };
  if (request.agreement_date < request.start_date || request.end_date < request.start_date)
    return { result: null, missing: ['start_date'], ...counted };
  return { result: describeWwCheck(wwCheckOf(request), t), missing: [], ...counted };
}

/** One version as the API shows it, with the client's responses. */
export function toVersion(row: VersionRow, responses: (typeof settlementResponses.$inferSelect)[]): SettlementVersion {
  return {
    id: row.id,
    number: row.number,
    from: row.fromParty,
    dated: row.dated,
    reply_by: row.replyBy,
    note: row.note,
    text: row.text,
    terms: termsOf(row),
    final: row.final,
    final_at: row.finalAt?.toISOString() ?? null,
    file: row.storageKey && row.filename ? { filename: row.filename } : null,
    created_at: row.createdAt.toISOString(),
    responses: responses
      .filter((r) => r.versionId === row.id)
      .map((r) => ({ response: r.response, text: r.text, at: r.createdAt.toISOString() })),
  };
}

/** GET /api/cases/{id}/settlement: versions (newest first), terms, check, signed agreement and key dates. */
export async function getSettlement(db: Db, caseId: string, now: Date, t: Translate): Promise<Settlement> {
  const [rows, responses, signed, [caseRow]] = await Promise.all([
    listVersions(db, caseId),
    db
      .select()
      .from(settlementResponses)
      .where(eq(settlementResponses.caseId, caseId))
      .orderBy(asc(settlementResponses.createdAt)),
    getSigned(db, caseId),
    db.select({ statusSlug: cases.statusSlug, legalHold: cases.legalHold }).from(cases).where(eq(cases.id, caseId)),
  ]);
  const versions = rows.map((row) => toVersion(row, responses));
  const final = rows.find((r) => r.final) ?? null;
  const current = final ?? rows[0] ?? null;
  const terms = current ? termsOf(current) : {};
  const check = final
    ? {
        version_id: final.id,
        ...checkOfTerms(terms, t, signed?.dated ?? null),
        approved_at: final.wwApprovedAt?.toISOString() ?? null,
      }
    : null;
  const endsOn = signed?.coolingOffEndsOn ?? null;
  const today = amsterdamToday(now);
  // The client's reply deadline: the employer's newest version, not yet final. Our own counter-offer's
  // deadline is the employer's, shown with that version only.
  const newest = rows[0];
  const replyBy =
    newest && newest.fromParty === 'employer' && !newest.final && newest.replyBy && newest.replyBy >= today
      ? newest.replyBy
      : null;
  return {
    versions,
    terms,
    check,
    signed: signed
      ? {
          dated: signed.dated,
          agreed_on: signed.agreedOn,
          cooling_off_clause: signed.coolingOffClause,
          dissolved_within_six_months: signed.dissolvedWithinSixMonths,
          file: signed.storageKey && signed.filename ? { filename: signed.filename } : null,
          recorded_at: signed.recordedAt.toISOString(),
          version: signed.version,
          correctable:
            caseRow !== undefined &&
            signedRecordRefusal({
              status: caseRow.statusSlug as StatusSlug,
              legalHold: caseRow.legalHold,
              existing: signed,
              today,
            }) === null,
        }
      : null,
    cooling_off_ends_on: endsOn,
    cooling_off_running: isCoolingOffRunning(endsOn, today),
    complete_task: signed !== null && (endsOn === null || today > endsOn),
    closed: caseRow !== undefined && isCaseLocked(caseRow.statusSlug as StatusSlug, 'settlement'),
    dates: {
      reply_by: replyBy,
      cooling_off_ends_on: endsOn,
      // No 'last day to claim the transition payment': in a settlement the client agrees to end the
      // employment, so that date would be wrong advice.
      end_date: terms.end_date ?? null,
    },
  };
}

/** The next day a reminder is due for: used by tests and the job alike. */
export const daysAhead = (now: Date, days: number) => addCalendarDays(amsterdamToday(now), days);
