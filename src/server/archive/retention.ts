import { settlementFileKeys } from '../settlement/export';
import { exportFileKeys } from '../data-export/queries';
import { complaintFileKeys } from '../complaints/queries';
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { queryRows } from '../infra/db/sql';
import {
  cases,
  complaints,
  cookieRecords,
  dataExports,
  documents,
  fileDestructions,
  loginCodes,
  outbox,
  tokens,
  users,
} from '../infra/db/schema';
import { emit } from '../domain-events';
import { scrubCaseAudit } from '../audit/scrub';
import { enqueueMail } from '../infra/outbox/outbox';
import { formatMailDate } from '../infra/outbox/dates';
import type { Storage } from '../infra/storage/storage';
import {
  FILE_RETENTION_YEARS,
  getDeletionDate,
  getFileRetentionCutoff,
  getRetentionCutoff,
} from '../../contract/rules/case-route';

export const DELETION_NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;
/** 12-05-2027: the deletion date as the mail shows it, dd-mm-yyyy in Europe/Amsterdam in both languages. */
export const formatNoticeDate = (date: Date) => formatMailDate(date);

/**
 * The notice 30 days before deletion: each completed case not on legal hold whose deletion is
 * at most 30 days away gets one `deletion_upcoming` mail to its client (dedupe key
 * `deletion-30:<case>`, so hourly runs and several instances write it once). A case that
 * reaches the window late (completed with an old date, hold lifted) gets it at once, with
 * its real date. Returns the number of notices written.
 */
export async function sendDeletionNotices(db: Db, now: Date, batch = 200): Promise<number> {
  const windowStart = getRetentionCutoff(new Date(now.getTime() + DELETION_NOTICE_DAYS * DAY_MS));
  const due = await db
    .select({ caseId: cases.id, clientId: cases.clientId, completedAt: cases.completedAt })
    .from(cases)
    .where(
      and(
        eq(cases.statusSlug, 'completed'),
        eq(cases.legalHold, false),
        isNotNull(cases.completedAt),
        lte(cases.completedAt, windowStart),
        gt(cases.completedAt, getRetentionCutoff(now)),
        sql`NOT EXISTS (SELECT 1 FROM ${outbox} WHERE ${outbox.dedupeKey} = 'deletion-30:' || ${cases.id})`,
      ),
    )
    .limit(batch);
  let written = 0;
  for (const row of due) {
    if (!row.completedAt) continue;
    const date = formatNoticeDate(getDeletionDate(row.completedAt));
    if (
      await enqueueMail(db, {
        kind: 'deletion_upcoming',
        to: { userId: row.clientId },
        payload: { date },
        now,
        dedupeKey: `deletion-30:${row.caseId}`,
      })
    )
      written += 1;
  }
  return written;
}

/** What the retention rules do at a date (`npm run cli -- retention --as-of`), as case ids. */
export type RetentionPlan = { accounts_deleted: string[]; files_destroyed: string[]; held: string[] };

/** Cases whose account is due for deletion at `now`: completed 6 months ago, not archived yet, not on hold. */
function accountsDue(now: Date) {
  return and(
    isNotNull(cases.completedAt),
    lte(cases.completedAt, getRetentionCutoff(now)),
    eq(cases.legalHold, false),
    eq(cases.statusSlug, 'completed'),
    isNull(cases.archivedAt),
  );
}

/** Cases whose file is due for destruction at `now`: completed `years` ago and not on hold. */
function filesDue(now: Date, years: number) {
  return and(
    isNotNull(cases.completedAt),
    lte(cases.completedAt, getFileRetentionCutoff(now, years)),
    eq(cases.legalHold, false),
    eq(cases.statusSlug, 'completed'),
  );
}

/**
 * The plan at `now`: the accounts that go, the files that are destroyed (a file not archived yet
 * is archived first, in the same run), and the cases a legal hold keeps that would otherwise be
 * touched. Ordered by completion, so a CLI run reads the same twice.
 */
export async function planRetention(db: Db, now: Date, years: number): Promise<RetentionPlan> {
  const ids = async (where: ReturnType<typeof and>) =>
    (await db.select({ id: cases.id }).from(cases).where(where).orderBy(asc(cases.completedAt), asc(cases.id))).map(
      (r) => r.id,
    );
  const [accounts, files, held] = await Promise.all([
    ids(accountsDue(now)),
    ids(filesDue(now, years)),
    ids(
      and(
        isNotNull(cases.completedAt),
        lte(cases.completedAt, getRetentionCutoff(now)),
        eq(cases.legalHold, true),
        eq(cases.statusSlug, 'completed'),
      ),
    ),
  ]);
  return { accounts_deleted: accounts, files_destroyed: files, held };
}

/** The e-mail a deleted account keeps: unique, never deliverable, no trace of the old address. */
export const archivedEmail = (userId: string) => `archived-${userId}@archief.invalid`;

/**
 * Deletes each client account whose case reached completed more than 6 months ago and is not
 * on legal hold: the login (tokens, codes, the e-mail address), the profile (phone, address,
 * avatar), cookie choices and data exports go. The case file stays, archived and read-only:
 * documents, letters, settlement versions, messages, complaints, timeline and audit (the
 * client's name stays on it, the firm must know whose file it is). Returns the number of
 * accounts deleted. Runs hourly in small batches: on the embedded database a job holds the only
 * connection, so a large batch would stall requests.
 */
export async function purgeExpiredAccounts(db: Db, storage: Storage, now: Date, batch = 20): Promise<number> {
  const expired = await db
    .select({ caseId: cases.id, clientId: cases.clientId, completedAt: cases.completedAt })
    .from(cases)
    .where(accountsDue(now))
    .orderBy(asc(cases.completedAt))
    .limit(batch);
  for (const row of expired) await archiveAccount(db, storage, row, now);
  return expired.length;
}

async function archiveAccount(
  db: Db,
  storage: Storage,
  row: { caseId: string; clientId: string; completedAt: Date | null },
  now: Date,
): Promise<void> {
  // A data export still within its 24 hours: its zip is a copy of the file, for the client.
  const exportFiles = await exportFileKeys(db, row.clientId);
  const [client] = await db
    .select({ avatarKey: users.avatarKey, email: users.email, language: users.language, name: users.name })
    .from(users)
    .where(eq(users.id, row.clientId));
  // The notice on the day, in this transaction: written exactly when the account goes. The
  // address is copied into the row (the user row no longer has it by the time it is sent).
  if (client) {
    await enqueueMail(db, {
      kind: 'deletion_today',
      to: { address: client.email, language: client.language, name: client.name },
      payload: {},
      now,
      dedupeKey: `deletion-today:${row.caseId}`,
    });
  }
  await db.delete(tokens).where(eq(tokens.userId, row.clientId));
  await db.delete(loginCodes).where(eq(loginCodes.userId, row.clientId));
  await db.delete(cookieRecords).where(eq(cookieRecords.userId, row.clientId));
  await db.delete(dataExports).where(eq(dataExports.clientId, row.clientId));
  await db
    .update(users)
    .set({
      email: archivedEmail(row.clientId),
      phoneNumber: null,
      street: null,
      houseNumber: null,
      houseNumberAddition: null,
      postcode: null,
      city: null,
      quote: null,
      avatarKey: null,
      mailOptOuts: [],
      deactivatedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, row.clientId));
  await db.update(cases).set({ archivedAt: now }).where(eq(cases.id, row.caseId));
  await emit(db, {
    actorId: null,
    action: 'retention.account_deleted',
    subjectType: 'case',
    subjectId: row.caseId,
    data: { completed_at: row.completedAt?.toISOString() ?? null },
    at: now,
  });
  for (const key of exportFiles) await storage.remove(key).catch(() => undefined);
  if (client?.avatarKey) await storage.remove(`avatars/${client.avatarKey}`).catch(() => undefined);
}

/** 'E.B.': the first letters of the client's first and last name, all the destruction record keeps of them. */
export function initialsOf(name: string | null, lastName: string | null): string {
  const first = (value: string | null) => {
    const letter = (value ?? '').trim().normalize('NFC').match(/\p{L}/u)?.[0];
    return letter ? `${letter.toUpperCase()}.` : '';
  };
  return first(name) + first(lastName) || '?';
}

/**
 * Destroys each file `years` after its case's completion, not on legal hold: the client's row
 * and everything that hangs from it (case, documents, messages, settlement, complaints and their
 * register entries, appointments), and every stored file. Audit lines stay, stripped of personal
 * data. Writes a destruction record: case id, initials, dates and counts, never content.
 * A case whose account was not archived yet is archived first (a server that was off for a long
 * time). Returns the number of files destroyed.
 */
export async function destroyExpiredFiles(
  db: Db,
  storage: Storage,
  now: Date,
  years: number,
  batch = 20,
): Promise<number> {
  const due = await db
    .select({
      caseId: cases.id,
      clientId: cases.clientId,
      completedAt: cases.completedAt,
      archivedAt: cases.archivedAt,
    })
    .from(cases)
    .where(filesDue(now, years))
    .orderBy(asc(cases.completedAt))
    .limit(batch);
  for (const row of due) {
    if (!row.archivedAt) await archiveAccount(db, storage, row, now);
    await destroyFile(db, storage, row, now);
  }
  return due.length;
}

const countOf = async (db: Db, query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number | string }>(db, query))[0]?.n ?? 0);

async function destroyFile(
  db: Db,
  storage: Storage,
  row: { caseId: string; clientId: string; completedAt: Date | null; archivedAt: Date | null },
  now: Date,
): Promise<void> {
  const documentKeys = (
    await db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(and(eq(documents.caseId, row.caseId), isNotNull(documents.storageKey)))
  )
    .map((r) => r.key)
    .filter((key): key is string => Boolean(key));
  const settlementKeys = await settlementFileKeys(db, row.caseId);
  const complaintKeys = await complaintFileKeys(db, row.clientId);
  const keys = [...documentKeys, ...settlementKeys, ...complaintKeys];
  const [client] = await db
    .select({ name: users.name, lastName: users.lastName, archivedAt: cases.archivedAt })
    .from(users)
    .innerJoin(cases, eq(cases.clientId, users.id))
    .where(eq(users.id, row.clientId));
  const counts = {
    documents: await countOf(
      db,
      sql`SELECT count(*) AS n FROM documents WHERE case_id = ${row.caseId}::uuid AND storage_key IS NOT NULL`,
    ),
    messages: await countOf(db, sql`SELECT count(*) AS n FROM messages WHERE case_id = ${row.caseId}::uuid`),
    settlement_versions: await countOf(
      db,
      sql`SELECT count(*) AS n FROM settlement_versions WHERE case_id = ${row.caseId}::uuid`,
    ),
    complaints: await countOf(db, sql`SELECT count(*) AS n FROM complaints WHERE client_id = ${row.clientId}::uuid`),
    appointments: await countOf(db, sql`SELECT count(*) AS n FROM appointments WHERE case_id = ${row.caseId}::uuid`),
    files: keys.length,
  };
  await db.insert(fileDestructions).values({
    caseId: row.caseId,
    clientInitials: initialsOf(client?.name ?? null, client?.lastName ?? null),
    completedAt: row.completedAt,
    archivedAt: client?.archivedAt ?? row.archivedAt ?? now,
    destroyedAt: now,
    counts,
  });
  // Audit lines outlive the file: strip titles, messages and other personal data from them.
  await scrubCaseAudit(db, { caseId: row.caseId, clientId: row.clientId });
  // The complaints are the client's (their register entries go with the file, the same period).
  await db.delete(complaints).where(eq(complaints.clientId, row.clientId));
  // Deleting the user cascades to the case, documents, messages, settlement, answers and feedback.
  await db.delete(users).where(eq(users.id, row.clientId));
  await emit(db, {
    actorId: null,
    action: 'retention.file_destroyed',
    subjectType: 'case',
    subjectId: row.caseId,
    data: { completed_at: row.completedAt?.toISOString() ?? null, documents_removed: counts.documents },
    at: now,
  });
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}

/**
 * Carries out the retention rules at `now` (all due cases, in batches): the accounts first, then
 * the files. Returns what it did, as the plan names it.
 */
export async function applyRetention(db: Db, storage: Storage, now: Date, years: number): Promise<RetentionPlan> {
  const plan = await planRetention(db, now, years);
  while ((await purgeExpiredAccounts(db, storage, now, 50)) > 0);
  while ((await destroyExpiredFiles(db, storage, now, years, 50)) > 0);
  return plan;
}

/** Advisory-lock key of the retention job (jobs/scheduler.ts). */
export const RETENTION_LOCK_KEY = 7_001;

/**
 * Hourly (main.ts): first the 30-day notices, then the account deletions (each with its notice of
 * the day), then the files due for destruction. The same code as `npm run cli -- retention --apply`.
 */
export function retentionJob(
  storage: Storage,
  now: () => Date,
  intervalMs = 3_600_000,
  years: number = FILE_RETENTION_YEARS,
) {
  return {
    name: 'retention-purge',
    lockKey: RETENTION_LOCK_KEY,
    intervalMs,
    run: async (db: Db) => {
      const at = now();
      await sendDeletionNotices(db, at);
      const archived = await purgeExpiredAccounts(db, storage, at);
      const destroyed = await destroyExpiredFiles(db, storage, at, years);
      return archived + destroyed;
    },
  };
}
