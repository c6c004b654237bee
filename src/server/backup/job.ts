import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../infra/db/client';
import { backupRuns } from '../infra/db/schema';
import { queryRows } from '../infra/db/sql';
import { emit, withEvents } from '../domain-events';
import type { Job } from '../infra/jobs/scheduler';
import { formatMailDate } from '../infra/outbox/dates';
import type { Storage } from '../infra/storage/storage';
import { createBackup } from './backup';

/** Advisory-lock key under which one instance claims the next backup (jobs/scheduler.ts). */
export const BACKUP_LOCK_KEY = 7_270;
/** The job looks this often whether a backup is due (the backups themselves come every BACKUP_EVERY_HOURS). */
export const BACKUP_CHECK_MS = 15 * 60_000;
/** After a failure the next attempt waits this long, so the admins are not mailed every check. */
export const RETRY_AFTER_MS = 60 * 60_000;
/** A backup still 'running' after this long is taken to have died with its process. */
const STALE_RUN_MS = 6 * 3_600_000;
/** The admin's home warns when the newest good backup is older than this. */
export const BACKUP_WARNING_HOURS = 26;

const FILE_PATTERN = /^portal-\d{8}-\d{6}Z\.backup$/;
/** portal-20261208-030000Z.backup: sorts by time. */
export const backupFileName = (at: Date) =>
  `portal-${at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}Z.backup`;

export type BackupSettings = { dir: string; key: string | undefined; everyHours: number; keep: number };

/** Claims the next backup when one is due: a 'running' row written under the advisory lock. */
async function claim(db: Db, settings: BackupSettings, now: Date): Promise<string | null> {
  return withEvents(db, async (tx) => {
    const [locked] = await queryRows<{ locked: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${BACKUP_LOCK_KEY}) AS locked`,
    );
    if (!locked?.locked) return null;
    const [last] = await tx.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
    if (last) {
      const since = now.getTime() - last.startedAt.getTime();
      const running = last.error === 'running' && since < STALE_RUN_MS;
      const failedRecently =
        !last.ok && last.error !== 'running' && now.getTime() - last.finishedAt.getTime() < RETRY_AFTER_MS;
      if (running || failedRecently || (last.ok && since < settings.everyHours * 3_600_000)) return null;
    }
    const [row] = await tx
      .insert(backupRuns)
      .values({ startedAt: now, finishedAt: now, ok: false, error: 'running' })
      .returning({ id: backupRuns.id });
    return row?.id ?? null;
  });
}

/** Keeps the newest `keep` backups of the directory (only files this job names). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => FILE_PATTERN.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/** A short code of an error for the log, the admin's mail and the row: never a message that could quote data. */
const codeOf = (error: unknown) =>
  String((error as { code?: unknown } | null)?.code ?? 'failed')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .slice(0, 40) || 'failed';

/**
 * One backup when it is due: claimed under the scheduler's advisory lock (so one instance makes
 * it), written outside any transaction of the job, then the old ones pruned. A failure is logged
 * and mailed to the admins (the `backup.failed` rule), and never thrown at the scheduler: the
 * product goes on. Returns what happened.
 */
export async function runScheduledBackup(deps: {
  database: Pick<Database, 'db' | 'kind'>;
  storage: Storage;
  settings: BackupSettings;
  appSecret: string | undefined;
  now: () => Date;
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
}): Promise<'made' | 'not due' | 'failed'> {
  const { db } = deps.database;
  const startedAt = deps.now();
  const id = await claim(db, deps.settings, startedAt);
  if (!id) return 'not due';
  try {
    const result = await createBackup({
      database: deps.database,
      storage: deps.storage,
      to: path.join(deps.settings.dir, backupFileName(startedAt)),
      key: deps.settings.key,
      appSecret: deps.appSecret,
      now: startedAt,
    });
    await db
      .update(backupRuns)
      .set({ ok: true, error: null, finishedAt: deps.now(), file: path.basename(result.file), bytes: result.bytes })
      .where(eq(backupRuns.id, id));
    await pruneBackups(deps.settings.dir, deps.settings.keep);
    deps.log.info({ bytes: result.bytes, tables: result.tables, files: result.files }, 'backup made');
    return 'made';
  } catch (error) {
    const code = codeOf(error);
    deps.log.error({ err: { code } }, 'backup failed');
    await withEvents(db, async (tx) => {
      await tx.update(backupRuns).set({ ok: false, error: code, finishedAt: deps.now() }).where(eq(backupRuns.id, id));
      await emit(tx, {
        actorId: null,
        action: 'backup.failed',
        subjectType: 'backup',
        subjectId: id,
        data: { at: formatMailDate(startedAt), code },
        at: deps.now(),
      });
    }).catch((recordError: unknown) =>
      deps.log.error({ err: { code: codeOf(recordError) } }, 'backup failure not recorded'),
    );
    return 'failed';
  }
}

/** The scheduler's job (main.ts, only with BACKUP_DIR): looks every 15 minutes whether a backup is due. */
export function backupJob(
  deps: Omit<Parameters<typeof runScheduledBackup>[0], 'database'> & { database: Database },
): Job {
  return {
    name: 'backup',
    lockKey: BACKUP_LOCK_KEY,
    intervalMs: BACKUP_CHECK_MS,
    // The job takes the lock for its claim only: the backup itself must not hold a transaction (on the
    // embedded database that would stop every request while the files are copied).
    exclusive: false,
    run: () => runScheduledBackup(deps),
  };
}

/** The admin's home: the newest good backup, and whether it is too old (none for 26 hours while BACKUP_DIR is set). */
export async function backupStatus(
  db: Db,
  input: { enabled: boolean; now: Date },
): Promise<{
  enabled: boolean;
  last_at: string | null;
  last_bytes: number | null;
  last_failed_at: string | null;
  warning: boolean;
}> {
  const [last] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.ok, true))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  const [failed] = await db
    .select({ at: backupRuns.finishedAt })
    .from(backupRuns)
    .where(sql`${backupRuns.ok} = false AND ${backupRuns.error} <> 'running'`)
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1);
  const tooOld = !last || input.now.getTime() - last.finishedAt.getTime() > BACKUP_WARNING_HOURS * 3_600_000;
  return {
    enabled: input.enabled,
    last_at: last?.finishedAt.toISOString() ?? null,
    last_bytes: last?.bytes ?? null,
    last_failed_at: failed && (!last || failed.at > last.finishedAt) ? failed.at.toISOString() : null,
    warning: input.enabled && tooOld,
  };
}
