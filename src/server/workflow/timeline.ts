import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { getDisplayName } from '../../contract/rules/display-name';
import { buildPagination } from '../../contract/rules/pagination';
import {
  TIMELINE_PAGE_SIZE,
  type TimelineEvent,
  type TimelineKind,
  type TimelineResponseSchema,
} from '../../contract/workflow';
import { timelineKinds } from '../domain-events';
import type { Db } from '../infra/db/client';
import { auditEvents, users } from '../infra/db/schema';
import { preparedQuery } from '../infra/db/prepared';
import { UUID } from '../cases/access';
import { timelineText } from './timeline-text';

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * from/to are slugs (of statuses, or of offers for case.offer_changed), so each side names them in its own language.
 */
function detailsOf(kind: TimelineKind, data: Record<string, unknown>): TimelineEvent['details'] {
  if (kind.startsWith('case.')) return { from: text(data.from), to: text(data.to), title: null };
  if (kind === 'settlement.version_added') return { from: text(data.from), to: null, title: null };
  return { from: null, to: null, title: text(data.title) };
}

/** A page of a case's timeline and its length, for the client or the lawyer, as queries built once per database. */
function timelineQueriesFor(forClient: boolean) {
  const reader = forClient ? 'client' : 'lawyer';
  return preparedQuery((db) => {
    // The document a line is about, by its primary key: comparing `d.id::text` instead read every document of the
    // installation for each line. A document's line carries the document's id as its subject; one that does not (a
    // line restored from elsewhere) names no document rather than failing the whole timeline on the cast.
    const isDocumentLine = sql`${auditEvents.subjectType} = 'document' AND ${auditEvents.subjectId} ~* ${UUID.source}`;
    const aboutDocument = sql`d.id = CASE WHEN ${isDocumentLine} THEN ${auditEvents.subjectId}::uuid END`;
    const where = and(
      eq(auditEvents.caseId, sql.placeholder('caseId')),
      inArray(auditEvents.action, timelineKinds(forClient)),
      forClient ? sql`NOT EXISTS (SELECT 1 FROM documents d WHERE ${aboutDocument} AND d.visible = false)` : undefined,
    );
    return {
      page: db
        .select({ event: auditEvents, name: users.name, infix: users.infix, lastName: users.lastName })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(where)
        .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`timeline_page_${reader}`),
      count: db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditEvents)
        .where(where)
        .prepare(`timeline_count_${reader}`),
    };
  });
}
export const timelineQueries = { client: timelineQueriesFor(true), lawyer: timelineQueriesFor(false) };

/**
 * A page (20, newest first) of the case's timeline, read from the audit trail by its
 * (case_id, created_at, id) index. Which kinds show, and to whom, is the timeline column of the
 * event rules (domain-events/rules.ts); a client also never sees lines about documents hidden
 * from them. The words are the web app's (translation files, from kind and details).
 */
export async function getTimeline(
  db: Db,
  input: { caseId: string; forClient: boolean; page: number; language: string },
): Promise<{ items: TimelineEvent[]; total: number }> {
  const queries = timelineQueries[input.forClient ? 'client' : 'lawyer'](db);
  const [rows, [count]] = await Promise.all([
    queries.page.execute({
      caseId: input.caseId,
      limit: TIMELINE_PAGE_SIZE,
      offset: (input.page - 1) * TIMELINE_PAGE_SIZE,
    }),
    queries.count.execute({ caseId: input.caseId }),
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
        details,
        text: timelineText(input.language, kind, details),
      };
    }),
  };
}

/** The answer of GET /api/cases/{id}/timeline: one page of the timeline with its pagination. */
export async function getTimelinePage(
  db: Db,
  input: { caseId: string; forClient: boolean; page: number; language: string },
): Promise<z.infer<typeof TimelineResponseSchema>> {
  const { items, total } = await getTimeline(db, input);
  return {
    data: items,
    ...buildPagination({
      path: `/api/cases/${input.caseId}/timeline`,
      page: input.page,
      perPage: TIMELINE_PAGE_SIZE,
      total,
      count: items.length,
    }),
  };
}
