import { and, eq, sql } from 'drizzle-orm';
import type { UpdateCompanyRequest } from '../../contract/cases';
import type { Db } from '../infra/db/client';
import { cases } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';
import { notFound, staleWrite } from '../infra/errors/errors';
import { applyCaseEvent } from '../workflow/apply';

type CaseRow = typeof cases.$inferSelect;

/**
 * Writes the client's ex-employer details in one transaction: the update (checked against the
 * version the form was loaded with, docs/decisions/046), the change recorded, and the workflow's
 * move when the data is now complete. Returns the case as it is afterwards.
 */
export async function updateCompany(
  db: Db,
  input: { caseId: string; actorId: string; body: UpdateCompanyRequest; now: Date },
): Promise<CaseRow> {
  const { caseId, actorId, body, now } = input;
  return withEvents(db, async (tx) => {
    const [updated] = await tx
      .update(cases)
      .set({
        companyName: body.company_name,
        companyStreet: body.company_street?.trim() ? body.company_street : null,
        companyHouseNumber: body.company_house_number,
        companyPostcode: body.company_postcode,
        companyCity: body.company_city,
        contactEmail: body.contact_email,
        contactPhoneNumber: body.contact_phone_number,
        lastUpdateAt: now,
        companyVersion: sql`${cases.companyVersion} + 1`,
      })
      .where(and(eq(cases.id, caseId), body.version === undefined ? undefined : eq(cases.companyVersion, body.version)))
      .returning();
    if (!updated) throw body.version === undefined ? notFound() : staleWrite();
    await emit(tx, {
      actorId,
      action: 'case.company_updated',
      subjectType: 'case',
      subjectId: caseId,
      data: {},
      at: now,
    });
    const move = await applyCaseEvent(tx, { caseId, event: { type: 'data-updated' }, actorId, now });
    return move ? { ...updated, statusSlug: move.to } : updated;
  });
}
