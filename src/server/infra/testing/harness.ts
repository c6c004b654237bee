import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../app';
import { testConfig, type Config } from '../config/config';
import { migrationsFolder, openPglite, openPostgres, type Database } from '../db/client';
import { ensureCatalogue } from '../db/catalogue';
import { smtpTransport } from '../outbox/transport';
import { createOutboxWorker, mailSite, type OutboxWorker } from '../outbox/worker';
import { MAIL_EXTRAS } from '../../mail-extras';
import { diskStorage, type Storage } from '../storage/storage';
import { createFakeClock } from '../lib/clock';
import { createUser, type NewUser } from '../../users/create';
import { createCase } from '../../cases/queries';
import { createToken } from '../../auth/queries';
import { generateToken, sha256Hex } from '../lib/crypto';
import { eq } from 'drizzle-orm';
import { cases, users } from '../db/schema';
import type { StatusSlug } from '../../../contract/statuses';
import { startSmtpPeer, type SmtpPeer } from './smtp-peer';
import { createScratchDatabase } from './scratch-database';
import { keptPglite } from './pglite-pool';

/**
 * Names the committed migrations and the PGlite release: a template made from other migrations,
 * or by another PGlite (whose data directory format may differ), is never reused.
 */
function pgliteVersion(): string {
  // The package exports no package.json: walk up from its entry to its manifest.
  let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(folder, 'package.json')) && path.dirname(folder) !== folder)
    folder = path.dirname(folder);
  return (JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

function migrationsStamp(): string {
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const name of readdirSync(folder).sort())
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(path.join(folder, name)));
  hash.update(readFileSync(path.join(folder, 'meta', '_journal.json')));
  hash.update(pgliteVersion());
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty embedded database as a tarball in the temp directory, made once per set of
 * migrations and shared by every test file (initdb and the migrations take seconds per file on two
 * cores; loading the tarball takes a fraction). Written under a temporary name and renamed, so
 * workers that race to make it never read half a file.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `portal-pglite-template-${migrationsStamp()}.tar`);
  if (!existsSync(file)) {
    const database = await openPglite(null);
    const dump = await (database.dump as () => Promise<Blob>)();
    await database.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

/**
 * The same for the PostgreSQL server: a migrated database that each test file's database is
 * copied from (CREATE DATABASE … TEMPLATE). Made under an advisory lock by the first worker.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `portal_template_${migrationsStamp()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(727275)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = await createScratchDatabase(adminUrl, 'portal_template_build');
      const database = await openPostgres(building.url, { max: 1 });
      await database.close();
      await admin.query(`ALTER DATABASE ${new URL(building.url).pathname.slice(1)} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727275)').catch(() => undefined);
    await admin.end();
  }
  return name;
}

/**
 * An empty, migrated database for one test file: in-memory PGlite (started from the migrated
 * template, or one a file before it in this process closed, emptied: testing/pglite-pool.ts),
 * or a new database on the PostgreSQL server of DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return keptPglite(async () => openPglite(null, { loadDataDir: await pgliteTemplate() }));
  const scratch = await createScratchDatabase(adminUrl, 'portal_test', { template: await postgresTemplate(adminUrl) });
  const database = await openPostgres(scratch.url, { max: 25 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  clock: ReturnType<typeof createFakeClock>;
  smtp: SmtpPeer;
  /** The outbox worker (started): `await ctx.outbox.drain()` sends whatever is due now. */
  outbox: OutboxWorker;
  storage: Storage;
  config: Config;
  logs: string[];
  close: () => Promise<void>;
};

/**
 * Builds the real app on a fresh database, with a fake clock and mail going through the outbox
 * worker to a real SMTP peer. The digest window is 0 unless a test sets `mailDigestMs`.
 */
export async function createTestContext(
  overrides: Partial<Config> = {},
  build: Pick<BuildOptions, 'events'> & { storage?: Storage } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const database = await openTestDatabase();
  await ensureCatalogue(database.db);
  const smtp = await startSmtpPeer();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString());
      callback();
    },
  });
  const config = testConfig({ dataDir, smtpUrl: smtp.url, rateLimitPerMinute: 0, mailDigestMs: 0, ...overrides });
  const clock = createFakeClock(new Date());
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const outbox = createOutboxWorker({
    db: database.db,
    listen: database.listen,
    clock,
    transport: smtpTransport(smtp.url, config.mailFrom),
    site: mailSite(config),
    secret: config.appSecret,
    digestMs: config.mailDigestMs,
    logger: quiet,
    pollMs: 500,
    extras: MAIL_EXTRAS,
  });
  await outbox.start();
  const { storage: ownStorage, ...rest } = build;
  const storage = ownStorage ?? diskStorage(path.join(dataDir, 'files'));
  const app = await buildApp({ config, database, clock, storage, webRoot: null, logStream, ...rest });
  return {
    app,
    database,
    db: database.db,
    clock,
    smtp,
    outbox,
    storage,
    config,
    logs,
    close: async () => {
      await app.close();
      await outbox.stop();
      await smtp.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${Date.now().toString(36)}-${++counter}-${randomUUID().slice(0, 6)}@example.com`;

export async function createTestLawyer(ctx: TestContext, input: Partial<NewUser> = {}) {
  const email = input.email ?? uniqueEmail('lawyer');
  const id = await createUser(ctx.db, { role: 'lawyer', name: 'Lotte', lastName: 'Advocaat', ...input, email });
  return { id, email };
}

/** An admin ('beheerder') and a token for them. */
export async function createTestAdmin(ctx: TestContext) {
  const id = await createUser(ctx.db, { role: 'admin', email: uniqueEmail('admin'), name: 'Bea', lastName: 'Beheer' });
  return { id, token: await tokenFor(ctx, id) };
}

/** An admin who is the firm's complaints officer (the only one who reads the complaints register). */
export async function createTestOfficer(ctx: TestContext) {
  const id = await createUser(ctx.db, {
    role: 'admin',
    email: uniqueEmail('officer'),
    name: 'Olga',
    lastName: 'Klacht',
  });
  await ctx.db.update(users).set({ complaintsOfficer: true }).where(eq(users.id, id));
  return { id, token: await tokenFor(ctx, id) };
}

export async function createTestClient(
  ctx: TestContext,
  input: Partial<NewUser> & { status?: StatusSlug; lawyerIds?: string[] } = {},
) {
  const { status = 'lead', lawyerIds = [], ...user } = input;
  const email = user.email ?? uniqueEmail('client');
  const id = await createUser(ctx.db, { role: 'client', name: 'Kees', lastName: 'Klant', ...user, email });
  const caseId = await createCase(ctx.db, { clientId: id, status, lawyerIds, now: ctx.clock.now() });
  return { id, email, caseId };
}

/** A bearer token for a user without the mail round trip (login itself is tested in auth). */
export async function tokenFor(ctx: TestContext, userId: string): Promise<string> {
  const token = generateToken();
  await createToken(ctx.db, {
    userId,
    tokenHash: sha256Hex(token),
    now: ctx.clock.now(),
    ttlMs: ctx.config.tokenTtlMs,
  });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The ex-employer `createCaseAt` gives a case with `employer: true`. */
export const TEST_EMPLOYER = {
  companyName: 'Werkgever B.V.',
  companyStreet: 'Blaak',
  companyHouseNumber: '10',
  companyPostcode: '3011 TA',
  companyCity: 'Rotterdam',
  contactEmail: 'hr@werkgever.example',
} as const;

/**
 * A case at `status` (written directly, as `createTestClient` does) with its client and one lawyer,
 * both signed in: the start many tests share. `offer` sets the package the client chose; `employer`
 * gives it TEST_EMPLOYER's company data; `client` and `lawyer` set fields of either account.
 */
export async function createCaseAt(
  ctx: TestContext,
  status: StatusSlug,
  options: {
    offer?: (typeof cases.$inferSelect)['offer'];
    employer?: boolean;
    client?: Partial<NewUser>;
    lawyer?: Partial<NewUser>;
  } = {},
) {
  const lawyer = await createTestLawyer(ctx, options.lawyer);
  const client = await createTestClient(ctx, { ...options.client, status, lawyerIds: [lawyer.id] });
  if (options.offer || options.employer)
    await ctx.db
      .update(cases)
      .set({ ...(options.offer ? { offer: options.offer } : {}), ...(options.employer ? TEST_EMPLOYER : {}) })
      .where(eq(cases.id, client.caseId));
  return {
    ...client,
    lawyerId: lawyer.id,
    lawyerEmail: lawyer.email,
    /** Headers that sign in as the client, and as the lawyer. */
    client: bearer(await tokenFor(ctx, client.id)),
    lawyer: bearer(await tokenFor(ctx, lawyer.id)),
  };
}
