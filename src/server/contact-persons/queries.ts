import { and, asc, eq, sql } from 'drizzle-orm';
import type { ContactPerson, ContactPersonInput } from '../../contract/contact-persons';
import type { Db } from '../infra/db/client';
import { cases, contactPersons } from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';
import { staleWrite } from '../infra/errors/errors';

type Row = typeof contactPersons.$inferSelect;

/** The one place a contact-person row becomes the API's ContactPerson. */
export const toContactPerson = (c: Row): ContactPerson => ({
  id: c.id,
  first_name: c.firstName,
  infix: c.infix,
  last_name: c.lastName,
  job_title: c.jobTitle,
  email: c.email,
  phone_number: c.phoneNumber,
});

export async function listContactPersons(db: Db, caseId: string): Promise<ContactPerson[]> {
  const rows = await db
    .select()
    .from(contactPersons)
    .where(eq(contactPersons.caseId, caseId))
    .orderBy(asc(contactPersons.position));
  return rows.map(toContactPerson);
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/**
 * Replaces the case's contact persons with `list` in one transaction. The case row is
 * locked first (by counting up the list's version), so parallel replacements run one after
 * another; with `expectedVersion` that same statement applies only while the list still has
 * it, else 409 and nothing changes. Answers the new list and its version.
 */
export async function replaceContactPersons(
  db: Db,
  caseId: string,
  list: ContactPersonInput[],
  now: Date,
  actorId: string,
  expectedVersion?: number,
): Promise<{ list: ContactPerson[]; version: number }> {
  return withEvents(db, async (tx) => {
    const [locked] = await tx
      .update(cases)
      .set({ lastUpdateAt: now, contactPersonsVersion: sql`${cases.contactPersonsVersion} + 1` })
      .where(
        and(
          eq(cases.id, caseId),
          expectedVersion === undefined ? undefined : eq(cases.contactPersonsVersion, expectedVersion),
        ),
      )
      .returning({ version: cases.contactPersonsVersion });
    if (!locked) throw staleWrite();
    const { version } = locked;
    await tx.delete(contactPersons).where(eq(contactPersons.caseId, caseId));
    await emit(tx, {
      actorId,
      action: 'case.contact_persons_changed',
      subjectType: 'case',
      subjectId: caseId,
      data: {},
      at: now,
    });
    if (list.length === 0) return { list: [], version };
    const rows = await tx
      .insert(contactPersons)
      .values(
        list.map((person, index) => ({
          caseId,
          position: index + 1,
          firstName: person.first_name,
          infix: blankToNull(person.infix),
          lastName: person.last_name,
          jobTitle: blankToNull(person.job_title),
          email: blankToNull(person.email),
          phoneNumber: blankToNull(person.phone_number),
        })),
      )
      .returning();
    return { list: rows.sort((a, b) => a.position - b.position).map(toContactPerson), version };
  });
}
