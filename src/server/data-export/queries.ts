import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Readable } from 'node:stream';
import { DATA_EXPORT_VALID_HOURS, type DataExport } from '../../contract/data-export';
import { emit, withEvents } from '../domain-events';
import type { Db } from '../infra/db/client';
import { cases, dataExports } from '../infra/db/schema';
import { AppError } from '../infra/errors/errors';
import { signFileLink } from '../infra/files/links';
import { localDate } from '../infra/lib/local-date';
import { formatMailMoment } from '../infra/outbox/dates';
import { settlementExport } from '../settlement/export';
import type { Storage } from '../infra/storage/storage';
import { addCaseFiles, addStoredFile } from '../workflow/export';
import { collectClientData } from './collect';
import { ENTRIES } from './rules';
import { renderSummary } from './summary';

export type DataExportRow = typeof dataExports.$inferSelect;
export const VALID_MS = DATA_EXPORT_VALID_HOURS * 3_600_000;
/** A builder holds a claimed export this long; after it (a crash, a stop) another run takes it over. */
export const LEASE_MS = 15 * 60_000;
/** Builds tried before an export is marked failed (which frees the day for a new request). */
export const MAX_ATTEMPTS = 3;

/** The first moment of the next day in Amsterdam: when a client may ask again. */
export function nextRequestAt(now: Date): Date {
  return new Date(addDays(startOfDay(new TZDate(now.getTime(), 'Europe/Amsterdam')), 1).getTime());
}

/** dd-mm-jjjj HH:mm in Amsterdam, as the mail states the link's end. */
export const formatUntil = formatMailMoment;

/** The export as its client sees it, with a fresh short-lived download link while it is ready. */
export function toDataExport(row: DataExportRow, link: { secret: string; now: Date }): DataExport {
  const usable = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > link.now;
  const sameDay = row.status !== 'failed' && row.requestedOn === localDate(link.now);
  return {
    id: row.id,
    status: row.status === 'ready' && !usable ? 'expired' : row.status,
    requested_by: row.requestedRole,
    requested_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    download_url: usable
      ? signFileLink(link.secret, { kind: 'exports', id: row.id, version: 1, now: link.now }).url
      : null,
    next_request_at: sameDay ? nextRequestAt(link.now).toISOString() : null,
  };
}

export async function latestExport(db: Db, clientId: string): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.clientId, clientId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Asks for a client's export: one row, pending, and its audit line, in one transaction. A second
 * request on the same day (Amsterdam) is refused with 429, also when two arrive at once (the
 * partial unique index decides). A failed export does not count.
 */
export async function requestExport(
  db: Db,
  input: { clientId: string; actorId: string; role: 'client' | 'lawyer' | 'admin'; now: Date },
): Promise<DataExportRow> {
  const day = localDate(input.now);
  const refused = () => {
    const retryAfter = Math.max(1, Math.ceil((nextRequestAt(input.now).getTime() - input.now.getTime()) / 1000));
    return new AppError('too_many_requests', 'errors.dataExport.oncePerDay', undefined, {
      'Retry-After': String(retryAfter),
    });
  };
  return withEvents(db, async (tx) => {
    const [row] = await tx
      .insert(dataExports)
      .values({
        clientId: input.clientId,
        requestedBy: input.actorId,
        requestedRole: input.role,
        requestedOn: day,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw refused();
    await emit(tx, {
      actorId: input.actorId,
      action: 'data_export.requested',
      subjectType: 'user',
      subjectId: input.clientId,
      // Only that an export was asked for, by whom: never what it holds.
      data: { export_id: row.id, requested_by: input.role },
      at: input.now,
    });
    return row;
  });
}

/** Takes the oldest export waiting to be built (or one whose builder stopped), under a lease. */
async function claimOne(db: Db, now: Date): Promise<DataExportRow | null> {
  return withEvents(db, async (tx) => {
    const [due] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          inArray(dataExports.status, ['pending', 'building']),
          or(isNull(dataExports.leaseUntil), lte(dataExports.leaseUntil, now)),
        ),
      )
      .orderBy(asc(dataExports.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!due) return null;
    const [row] = await tx
      .update(dataExports)
      .set({
        status: 'building',
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${dataExports.attempts} + 1`,
      })
      .where(eq(dataExports.id, due.id))
      .returning();
    return row ?? null;
  });
}

/**
 * Writes the zip of one client to storage: samenvatting.pdf, the JSON entries of rules.ts, the
 * documents the client may see (under documenten/), the documents of their complaints (under
 * klachten/), the settlement agreement's data and files, and the client's invoices as PDFs (under
 * facturen/), streamed file by file (never held in memory whole). Returns the key and size.
 */
export async function writeExportZip(
  db: Db,
  storage: Storage,
  input: { exportId: string; clientId: string; now: Date },
): Promise<{ key: string; size: number } | null> {
  const data = await collectClientData(db, input.clientId, input.now);
  if (!data) return null;
  if (data.caseId) {
    const settlement = await settlementExport(db, data.caseId);
    if (settlement.json) data.sections[ENTRIES.settlement] = JSON.parse(settlement.json) as unknown;
  }
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(await renderSummary(data, input.now)), ENTRIES.summary, { mtime: input.now });
  for (const [entry, value] of Object.entries(data.sections)) {
    // The settlement's JSON is written with its files by addCaseFiles.
    if (entry === ENTRIES.settlement) continue;
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), entry, { mtime: input.now });
  }
  if (data.caseId) await addCaseFiles(zip, { db, storage, caseId: data.caseId, now: input.now, folder: 'documenten' });
  for (const file of data.files) addStoredFile(zip, storage, file.entry, file.key, file.at);
  for (const file of data.generated) zip.addBuffer(Buffer.from(await file.render()), file.entry, { mtime: file.at });
  zip.end();
  const key = `exports/${input.clientId}/${input.exportId}-${randomUUID()}.zip`;
  const { size } = await storage.put(key, zip.outputStream as unknown as Readable);
  return { key, size };
}

/**
 * Builds every export waiting (at most `batch`), each outside any long transaction: the claim and
 * the finish are short statements, the zip streams to storage in between, so a large case never
 * holds the database (on PGlite its only connection). When ready: the row, the mail with the
 * link's end (no content) and the audit line in one transaction. Returns how many were built.
 */
export async function buildPendingExports(
  db: Db,
  storage: Storage,
  now: () => Date,
  options: { batch?: number; onError?: (error: Error) => void } = {},
): Promise<number> {
  let built = 0;
  for (let i = 0; i < (options.batch ?? 5); i++) {
    const row = await claimOne(db, now());
    if (!row) break;
    let written: { key: string; size: number } | null = null;
    try {
      written = await writeExportZip(db, storage, { exportId: row.id, clientId: row.clientId, now: now() });
    } catch (error) {
      // Leave it to a later run until the attempts are used up; then mark it failed (the day is free again).
      if (row.attempts >= MAX_ATTEMPTS) await markFailed(db, row, now());
      else await db.update(dataExports).set({ leaseUntil: null }).where(eq(dataExports.id, row.id));
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
      continue;
    }
    if (!written) {
      // The account is gone: nothing to deliver.
      await db.delete(dataExports).where(eq(dataExports.id, row.id));
      continue;
    }
    const at = now();
    const expiresAt = new Date(at.getTime() + VALID_MS);
    const finished = await withEvents(db, async (tx) => {
      const [done] = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          storageKey: written.key,
          sizeBytes: written.size,
          readyAt: at,
          expiresAt,
          leaseUntil: null,
        })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'building')))
        .returning({ id: dataExports.id });
      if (!done) return false;
      await emit(tx, {
        actorId: null,
        action: 'data_export.ready',
        subjectType: 'user',
        subjectId: row.clientId,
        data: { export_id: row.id, until: expiresAt.toISOString() },
        at,
      });
      return true;
    });
    if (finished) built += 1;
    else await storage.remove(written.key).catch(() => undefined);
  }
  return built;
}

async function markFailed(db: Db, row: DataExportRow, now: Date) {
  await withEvents(db, async (tx) => {
    await tx.update(dataExports).set({ status: 'failed', leaseUntil: null }).where(eq(dataExports.id, row.id));
    await emit(tx, {
      actorId: null,
      action: 'data_export.failed',
      subjectType: 'user',
      subjectId: row.clientId,
      data: { export_id: row.id },
      at: now,
    });
  });
}

/**
 * Removes the files of exports past their 24 hours (the rows stay, without a file, for the once-a-day rule and the
 * record).
 */
export async function removeExpiredExports(db: Db, storage: Storage, now: Date, batch = 100): Promise<number> {
  const due = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
    .orderBy(asc(dataExports.expiresAt))
    .limit(batch);
  for (const row of due) {
    if (row.storageKey) await storage.remove(row.storageKey).catch(() => undefined);
    await withEvents(db, async (tx) => {
      // Another instance may have removed it meanwhile: one audit line per export.
      const [done] = await tx
        .update(dataExports)
        .set({ status: 'expired', storageKey: null, removedAt: now })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'ready')))
        .returning({ id: dataExports.id });
      if (!done) return;
      await emit(tx, {
        actorId: null,
        action: 'data_export.removed',
        subjectType: 'user',
        subjectId: row.clientId,
        data: { export_id: row.id },
        at: now,
      });
    });
  }
  return due.length;
}

/** The stored export files of a client, for the account's deletion (the rows go with the user by cascade). */
export async function exportFileKeys(db: Db, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.clientId, clientId), isNotNull(dataExports.storageKey)));
  return rows.map((r) => r.key).filter((key): key is string => Boolean(key));
}

/** The id and client of a case (the admin's request names a case, the export is its client's). */
export async function findCaseClient(db: Db, caseId: string): Promise<{ id: string; clientId: string } | null> {
  const [caseRow] = await db.select({ id: cases.id, clientId: cases.clientId }).from(cases).where(eq(cases.id, caseId));
  return caseRow ?? null;
}

/** One export by id (of one client, when `clientId` is given). */
export async function findExport(db: Db, id: string, clientId?: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, id), clientId === undefined ? undefined : eq(dataExports.clientId, clientId)));
  return row ?? null;
}

/** Records that the client downloaded their export. */
export async function recordExportDownloaded(db: Db, row: { id: string; clientId: string }, now: Date): Promise<void> {
  await emit(db, {
    actorId: row.clientId,
    action: 'data_export.downloaded',
    subjectType: 'user',
    subjectId: row.clientId,
    data: { export_id: row.id },
    at: now,
  });
}
