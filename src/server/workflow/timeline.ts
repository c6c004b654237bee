import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { OFFER_DISPLAY_NAMES, type OfferSlug } from '../../contract/offers';
import { getDisplayName } from '../../contract/rules/display-name';
import { STATUSES } from '../../contract/statuses';
import { CLIENT_TIMELINE_KINDS, TIMELINE_KINDS, TIMELINE_PAGE_SIZE, type TimelineEvent, type TimelineKind } from '../../contract/workflow';
import type { Db } from '../db/client';
import { auditEvents, users } from '../db/schema';

const statusName = (slug: unknown) => STATUSES.find((s) => s.slug === slug)?.displayName ?? (typeof slug === 'string' ? slug : null);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The short Dutch text of one event (the web app renders its own, translated, from kind and details). */
function describe(kind: TimelineKind, details: TimelineEvent['details']): string {
  const title = details.title ?? 'document';
  switch (kind) {
    case 'case.status_changed':
      return `Fase gewijzigd van ${statusName(details.from) ?? '?'} naar ${statusName(details.to) ?? '?'}`;
    case 'case.finished':
      return 'Dossier afgerond: klaar voor facturatie';
    case 'case.reactivated':
      return 'Dossier weer actief gemaakt';
    case 'case.completed':
      return 'Factuur voldaan: dossier voltooid';
    case 'case.offer_changed':
      return `Pakket gekozen: ${offerName(details.to) ?? '?'}`;
    case 'case.lawyer_assigned':
      return 'Jurist toegewezen';
    case 'proposal.sent':
      return 'Opdrachtbevestiging verstuurd';
    case 'proposal.signed':
      return 'Opdrachtbevestiging getekend';
    case 'document.uploaded':
      return `Document geüpload: ${title}`;
    case 'document.deleted':
      return `Document verwijderd: ${title}`;
    case 'document.approved':
      return `Document goedgekeurd: ${title}`;
    case 'document.rejected':
      return `Document afgekeurd: ${title}`;
    case 'document.shown':
      return `Document zichtbaar gemaakt voor cliënt: ${title}`;
    case 'document.hidden':
      return `Document verborgen voor cliënt: ${title}`;
    case 'message.sent':
      return 'Bericht verstuurd';
    case 'appointment.booked':
      return '1e gesprek gepland';
    case 'appointment.rescheduled':
      return '1e gesprek verzet';
    case 'appointment.cancelled':
      return '1e gesprek geannuleerd';
    case 'settlement.version_added':
      return details.from === 'us' ? 'Nieuw voorstel van ons' : 'Nieuw voorstel van je werkgever';
    case 'settlement.version_final':
      return 'Vaststellingsovereenkomst definitief';
    case 'settlement.signed':
      return 'Bedenktijd gestart';
  }
}

const offerName = (slug: unknown) => (typeof slug === 'string' && slug in OFFER_DISPLAY_NAMES ? OFFER_DISPLAY_NAMES[slug as OfferSlug] : null);

/** from/to are slugs (of statuses, or of offers for case.offer_changed), so each side names them in its own language. */
function detailsOf(kind: TimelineKind, data: Record<string, unknown>): TimelineEvent['details'] {
  if (kind.startsWith('case.')) return { from: text(data.from), to: text(data.to), title: null };
  if (kind === 'settlement.version_added') return { from: text(data.from), to: null, title: null };
  return { from: null, to: null, title: text(data.title) };
}

/**
 * A page (20, newest first) of the case's timeline, read from the audit trail by its
 * (case_id, created_at, id) index. A client sees the subset about their own case: phases,
 * the letter, and reviews of documents they can see.
 */
export async function getTimeline(db: Db, input: { caseId: string; forClient: boolean; page: number }): Promise<{ items: TimelineEvent[]; total: number }> {
  const kinds = input.forClient ? CLIENT_TIMELINE_KINDS : TIMELINE_KINDS;
  const where = and(
    eq(auditEvents.caseId, input.caseId),
    inArray(auditEvents.action, [...kinds]),
    input.forClient
      ? sql`NOT EXISTS (SELECT 1 FROM documents d WHERE ${auditEvents.subjectType} = 'document' AND d.id::text = ${auditEvents.subjectId} AND d.visible = false)`
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ event: auditEvents, name: users.name, infix: users.infix, lastName: users.lastName })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorId))
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(TIMELINE_PAGE_SIZE)
      .offset((input.page - 1) * TIMELINE_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(where),
  ]);
  return {
    total: count?.n ?? 0,
    items: rows.map(({ event, name, infix, lastName }) => {
      const kind = event.action as TimelineKind;
      const details = detailsOf(kind, event.data);
      return {
        id: event.id,
        at: event.createdAt.toISOString(),
        actor: event.actorId ? getDisplayName({ name, infix, last_name: lastName }) : null,
        kind,
        text: describe(kind, details),
        details,
      };
    }),
  };
}
