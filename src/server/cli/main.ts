import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { StatusSlugSchema, STATUS_SLUGS } from '../../contract/statuses';
import { EmailSchema } from '../../contract/auth';
import { ConfigError, loadConfig } from '../infra/config/config';
import { DatabaseLockedError, type Db } from '../infra/db/client';
import { outbox, users } from '../infra/db/schema';
import { seedLoad } from '../infra/db/seed-load';
import { createCase } from '../cases/queries';
import { setComplaintsOfficer } from '../complaints/queries';
import { createUser } from '../users/create';
import { AppError } from '../infra/errors/errors';
import { serverTranslate } from '../infra/errors/language';
import { openRuntime } from '../runtime';
import { listOpenMails, retryMail } from '../infra/outbox/queries';
import { enqueueMail } from '../infra/outbox/outbox';
import { openDisk, openS3 } from '../infra/storage/open';
import { migrateStorage } from '../infra/storage/migrate';
import { applyRetention, planRetention } from '../archive/retention';
import { createBackup } from '../backup/backup';
import { RestoreRefusedError, restoreBackup } from '../backup/restore';
import { withEvents } from '../domain-events';

const HELP = `Usage: npm run cli -- <command> [options]

Commands:
  create-lawyer --email E --name N --last-name L [--title T]
      Creates a lawyer who can log in with a mailed code (and sets up a second factor
      at the first sign-in).
  create-admin --email E --name N --last-name L [--title T] [--complaints-officer]
      Creates an admin ('beheerder') for /beheer, with the same options;
      --complaints-officer marks them as the firm's complaints officer.
  complaints-officer --email E [--off]
      Marks the admin with that e-mail as complaints officer ('klachtenfunctionaris'),
      or with --off no longer.
  create-client --email E --name N --last-name L [--lawyer E] [--status SLUG] [--invite]
      Creates a client and their case (with the mandatory document slots) and prints
      one JSON line {"user_id": …, "case_id": …}. --lawyer assigns the lawyer with that
      e-mail; --status is one of: ${STATUS_SLUGS.join(', ')} (default lead).
      --invite mails the client the link to log in (the same mail as after the intake
      form), through the outbox: sent at once over SMTP_URL (without it, written to
      DATA_DIR/outbox and the log), or by the server later if it cannot go now; the line
      then also says "invite": "sent" or "pending".
  seed --cases N [--lawyers M]
      Adds N realistic cases spread over M new lawyers (default 5), for load tests.
  outbox
      Lists the mails not sent yet (pending) and those given up (failed), without content.
  outbox --retry ID
      Sends that pending or failed mail again at once.
  storage-migrate --to s3
      Copies every file under DATA_DIR/files to the S3 bucket of S3_BUCKET (S3_ENDPOINT,
      S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), verifies
      each copy by SHA-256 and prints {"copied", "skipped", "failed", "bytes"}. Files
      already in the bucket with the same checksum are skipped, so it can run again.
      Exit code 1 when any file failed. Then set STORAGE=s3.
  retention [--as-of YYYY-MM-DD] [--apply]
      Shows what the retention rules do at that date (default today) as one JSON line
      {"accounts_deleted": [case ids], "files_destroyed": [case ids], "held": [case ids]}:
      accounts deleted 6 months after completion (the file is archived, read-only),
      files destroyed FILE_RETENTION_YEARS (default 5) after completion, cases on legal
      hold kept. With --apply it carries them out, as the server's hourly job does.
  backup --to FILE [--include-files]
      Writes one archive of the whole installation: one snapshot of the database and
      every stored file it names, with a manifest (schema version, rows per table,
      SHA-256 per file). Prints {"file", "bytes", "tables", "files"}. With BACKUP_KEY
      the archive is encrypted (AES-256-GCM). With STORAGE=s3 it holds the bucket's
      list of files, and with --include-files the files too. On PostgreSQL it runs
      while the server runs; the embedded database needs the server stopped (or set
      BACKUP_DIR and let the server make them).
  restore --from FILE [--force]
      Restores an archive into an empty installation (DATA_DIR, or the empty
      PostgreSQL database of DATABASE_URL), checks every row count and file checksum
      and prints what it restored. Refuses, changing nothing (exit code 1), a damaged
      or cut-off archive, a wrong or missing BACKUP_KEY, an archive of a newer
      version, and a target with users or files (unless --force, which replaces it).

The database is the one the server uses: DATABASE_URL when set, else the embedded
database under DATA_DIR (./data). The embedded database can be used by one process at a
time, so stop the server first; with PostgreSQL the CLI works at any time.`;

export class UsageError extends Error {}

/** `--as-of 2027-06-02`: that day, at noon in Amsterdam (a date, never a moment of the day). */
function parseAsOf(value: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  const date = match ? new Date(`${match[1]}-${match[2]}-${match[3]}T12:00:00+01:00`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.trim())
    throw new UsageError('--as-of must be a date written YYYY-MM-DD.');
  return date;
}
export class MigrationFailedError extends Error {}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`Missing --${name}.`);
  return value.trim();
}

function email(values: Record<string, string | boolean | undefined>, name: string): string {
  const parsed = EmailSchema.safeParse(required(values, name));
  if (!parsed.success) throw new UsageError(`--${name} is not a valid e-mail address.`);
  return parsed.data;
}

function positiveInt(values: Record<string, string | boolean | undefined>, name: string, fallback?: number): number {
  const raw = values[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const text = typeof raw === 'string' ? raw : '';
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 1 || n > 1_000_000)
    throw new UsageError(`--${name} must be a whole number from 1 to 1000000.`);
  return n;
}

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  email: { type: 'string' },
  name: { type: 'string' },
  'last-name': { type: 'string' },
  title: { type: 'string' },
  lawyer: { type: 'string' },
  status: { type: 'string' },
  cases: { type: 'string' },
  lawyers: { type: 'string' },
  retry: { type: 'string' },
  to: { type: 'string' },
  invite: { type: 'boolean' },
  'complaints-officer': { type: 'boolean' },
  off: { type: 'boolean' },
  'as-of': { type: 'string' },
  apply: { type: 'boolean' },
  from: { type: 'string' },
  force: { type: 'boolean' },
  'include-files': { type: 'boolean' },
} as const;

const ALLOWED: Record<string, string[]> = {
  'create-lawyer': ['email', 'name', 'last-name', 'title'],
  'create-admin': ['email', 'name', 'last-name', 'title', 'complaints-officer'],
  'complaints-officer': ['email', 'off'],
  'create-client': ['email', 'name', 'last-name', 'lawyer', 'status', 'invite'],
  seed: ['cases', 'lawyers'],
  outbox: ['retry'],
  'storage-migrate': ['to'],
  retention: ['as-of', 'apply'],
  backup: ['to', 'include-files'],
  restore: ['from', 'force'],
};

/**
 * Runs one command. `env` is where the configuration comes from (the process's environment, as
 * the entry point below runs it; the tests pass their own to run commands in their process).
 */
export async function runCli(
  argv: string[],
  out: (line: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || command === 'help' || command === undefined) {
    if (command === undefined && !values.help) throw new UsageError('No command given.');
    out(HELP);
    return;
  }
  if (positionals.length > 1) throw new UsageError(`Unexpected argument ${positionals[1]}.`);
  const allowed = ALLOWED[command];
  if (!allowed) throw new UsageError(`Unknown command ${command}.`);
  for (const key of Object.keys(values))
    if (!allowed.includes(key)) throw new UsageError(`--${key} does not belong to ${command}.`);
  const input = values as Record<string, string | boolean | undefined>;

  if (command === 'outbox') {
    await runOutboxCommand(typeof input.retry === 'string' ? input.retry : null, out, env);
    return;
  }
  if (command === 'retention') {
    const asOf = typeof input['as-of'] === 'string' ? parseAsOf(input['as-of']) : null;
    const runtime = await openRuntime(loadConfig(env));
    try {
      const now = asOf ?? runtime.clock.now();
      const { db } = runtime.database;
      const years = runtime.config.fileRetentionYears;
      const plan =
        input.apply === true
          ? await withEvents(db, (tx) => applyRetention(tx, runtime.storage, now, years))
          : await planRetention(db, now, years);
      out(JSON.stringify(plan));
      // The notices of the day go out now when they can (else the server sends them later).
      if (input.apply === true) await runtime.outbox.drain();
    } finally {
      await runtime.outbox.stop();
      await runtime.database.close();
    }
    return;
  }
  if (command === 'backup') {
    if (typeof input.to !== 'string' || input.to.trim() === '') throw new UsageError('Missing --to FILE.');
    const config = loadConfig(env);
    const runtime = await openRuntime(config);
    try {
      const result = await createBackup({
        database: runtime.database,
        storage: runtime.storage,
        to: input.to.trim(),
        key: config.backup.key,
        includeFiles: input['include-files'] === true,
        // A generated APP_SECRET lives only in DATA_DIR: the archive keeps it (staff's second factors need it).
        appSecret: env.APP_SECRET ? undefined : config.appSecret,
        now: runtime.clock.now(),
      });
      out(JSON.stringify(result));
    } finally {
      await runtime.database.close();
      await runtime.storage.close();
    }
    return;
  }
  if (command === 'restore') {
    if (typeof input.from !== 'string' || input.from.trim() === '') throw new UsageError('Missing --from FILE.');
    // Reading the configuration must not write DATA_DIR/app-secret: a refused restore changes nothing.
    const config = loadConfig({ ...env, APP_SECRET: env.APP_SECRET || 'restore-placeholder-secret-not-used-000000' });
    const result = await restoreBackup({
      config,
      from: input.from.trim(),
      key: config.backup.key,
      force: input.force === true,
      appSecretFromEnv: Boolean(env.APP_SECRET),
    });
    out(JSON.stringify(result));
    return;
  }
  if (command === 'storage-migrate') {
    if (input.to !== 's3') throw new UsageError('--to must be s3.');
    const config = loadConfig(env);
    if (!config.storage.s3)
      throw new UsageError('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials) to migrate to S3.');
    const from = openDisk(config);
    const to = await openS3(config.storage.s3);
    try {
      const result = await migrateStorage(from, to, (line) => process.stderr.write(`${line}\n`));
      out(
        JSON.stringify({
          copied: result.copied,
          skipped: result.skipped,
          failed: result.failed.length,
          bytes: result.bytes,
        }),
      );
      if (result.failed.length > 0)
        throw new MigrationFailedError(
          `${result.failed.length} file(s) could not be copied and verified; run the command again.`,
        );
    } finally {
      await to.close();
    }
    return;
  }

  if (command === 'complaints-officer') {
    const address = email(input, 'email');
    const runtime = await openRuntime(loadConfig(env));
    try {
      const { db } = runtime.database;
      const [admin] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, address), eq(users.role, 'admin')));
      // Through the same change as an admin's (its event mails every admin), by nobody in particular.
      const row = admin
        ? await setComplaintsOfficer(db, {
            adminId: admin.id,
            officer: input.off !== true,
            actorId: null,
            now: runtime.clock.now(),
          })
        : null;
      if (!row) throw new UsageError(`No admin with e-mail ${address}.`);
      out(JSON.stringify({ user_id: row.id, complaints_officer: row.complaints_officer }));
    } finally {
      await runtime.database.close();
    }
    return;
  }

  // Validate everything before touching the database.
  const plan =
    command === 'seed'
      ? { kind: 'seed' as const, cases: positiveInt(input, 'cases'), lawyers: positiveInt(input, 'lawyers', 5) }
      : {
          kind: command as 'create-lawyer' | 'create-admin' | 'create-client',
          email: email(input, 'email'),
          name: required(input, 'name'),
          lastName: required(input, 'last-name'),
          title: typeof input.title === 'string' ? input.title : null,
          lawyer: input.lawyer === undefined ? null : email(input, 'lawyer'),
          status: (() => {
            if (input.status === undefined) return 'lead' as const;
            const status = StatusSlugSchema.safeParse(input.status);
            if (!status.success) throw new UsageError(`--status must be one of: ${STATUS_SLUGS.join(', ')}.`);
            return status.data;
          })(),
        };
  if (plan.kind !== 'seed' && (plan.name.length > 250 || plan.lastName.length > 250))
    throw new UsageError('--name and --last-name take at most 250 characters.');

  const runtime = await openRuntime(loadConfig(env));
  const { db } = runtime.database;
  try {
    const now = runtime.clock.now();
    if (plan.kind === 'seed') {
      const result = await seedLoad(db, { cases: plan.cases, lawyers: plan.lawyers, now, seed: Date.now() });
      out(JSON.stringify({ cases: result.caseIds.length, lawyer_ids: result.lawyerIds }));
      return;
    }
    if (plan.kind === 'create-lawyer' || plan.kind === 'create-admin') {
      const id = await createUser(db, {
        role: plan.kind === 'create-admin' ? 'admin' : 'lawyer',
        email: plan.email,
        name: plan.name,
        lastName: plan.lastName,
        title: plan.title,
      });
      if (plan.kind === 'create-admin' && input['complaints-officer'] === true)
        await db.update(users).set({ complaintsOfficer: true }).where(eq(users.id, id));
      out(JSON.stringify({ user_id: id }));
      return;
    }
    let lawyerId: string | null = null;
    if (plan.lawyer) {
      const [lawyer] = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.email, plan.lawyer));
      if (!lawyer || lawyer.role !== 'lawyer') throw new UsageError(`No lawyer with e-mail ${plan.lawyer}.`);
      lawyerId = lawyer.id;
    }
    const userId = await createUser(db, {
      role: 'client',
      email: plan.email,
      name: plan.name,
      lastName: plan.lastName,
    });
    const caseId = await createCase(db, {
      clientId: userId,
      status: plan.status,
      lawyerIds: lawyerId ? [lawyerId] : [],
      now,
    });
    if (input.invite !== true) {
      out(JSON.stringify({ user_id: userId, case_id: caseId }));
      return;
    }
    // The login link goes the way of every mail: an outbox row, sent now by this process's worker
    // (the server may be stopped: the embedded database is ours alone), else by the server's later.
    await enqueueMail(db, { kind: 'intake_ready', to: { userId }, payload: {}, now, dedupeKey: `invite:${userId}` });
    await runtime.outbox.drain();
    const [row] = await db
      .select({ status: outbox.status })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `invite:${userId}`));
    out(JSON.stringify({ user_id: userId, case_id: caseId, invite: row?.status === 'sent' ? 'sent' : 'pending' }));
  } finally {
    await runtime.outbox.stop();
    await runtime.database.close();
  }
}

/** `outbox` and `outbox --retry ID` (src/server/infra/outbox). */
async function runOutboxCommand(
  retry: string | null,
  out: (line: string) => void,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  if (retry !== null && !/^[0-9a-f-]{36}$/i.test(retry.trim()))
    throw new UsageError('--retry takes the id of a mail, as listed by `outbox`.');
  const runtime = await openRuntime(loadConfig(env));
  try {
    await outboxCommand(runtime.database.db, retry, runtime.clock.now(), out);
  } finally {
    await runtime.database.close();
  }
}

/** The outbox command on an open database: a tab-separated list, or one retry. */
export async function outboxCommand(
  db: Db,
  retry: string | null,
  now: Date,
  out: (line: string) => void,
): Promise<void> {
  if (retry !== null) {
    if (!(await retryMail(db, retry.trim().toLowerCase(), now)))
      throw new UsageError(`No pending or failed mail with id ${retry.trim()}.`);
    out(`Mail ${retry.trim()} is due again; the server sends it now (or at its next start).`);
    return;
  }
  const mails = await listOpenMails(db);
  if (mails.length === 0) {
    out('No pending or failed mails.');
    return;
  }
  out(['id', 'status', 'kind', 'to', 'attempts', 'created_at', 'next_attempt_at', 'last_error'].join('\t'));
  for (const m of mails) {
    out(
      [
        m.id,
        m.status,
        m.kind,
        m.to,
        m.attempts,
        m.createdAt.toISOString(),
        m.status === 'pending' ? m.nextAttemptAt.toISOString() : '-',
        m.lastError ?? '-',
      ].join('\t'),
    );
  }
}

const isEntry =
  process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/').split('/').slice(-3).join('/'));
if (isEntry) {
  runCli(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) {
        process.stderr.write(`${error.message}\nRun \`npm run cli -- --help\` for the commands.\n`);
        process.exit(2);
      }
      if (error instanceof AppError && error.code === 'conflict') {
        process.stderr.write(`${serverTranslate('en-US')(error.message)}\n`);
        process.exit(1);
      }
      if (
        error instanceof ConfigError ||
        error instanceof DatabaseLockedError ||
        error instanceof MigrationFailedError ||
        error instanceof RestoreRefusedError
      ) {
        process.stderr.write(`${error.message}\n`);
        process.exit(1);
      }
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
