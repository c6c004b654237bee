/**
 * Faults injected into the real dependencies: PostgreSQL backends terminated
 * under load, PostgreSQL stopped for a few seconds, a full disk during uploads. The shared PostgreSQL
 * server is never stopped: backends are terminated only in this file's own scratch database,
 * and SMTP going down (the test's real SMTP peer stops listening, then comes back),
 * and the stop runs on a private cluster (initdb + pg_ctl on a free port in a temp dir).
 * S3 outages and Redis outages are tested beside their code (src/server/infra/storage/s3-app.test.ts,
 * src/server/infra/http/rate-limit-redis.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { queryRows } from '../src/server/infra/db/sql';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../src/server/infra/testing/harness';
import { multipart } from '../src/server/infra/testing/multipart';
import { freePort } from '../src/server/infra/testing/free-port';
import { diskStorage } from '../src/server/infra/storage/storage';
import { documents, outbox } from '../src/server/infra/db/schema';
import { extractLoginCode, hasLoginCode } from '../src/server/infra/testing/smtp-peer';

// The answers carry their texts in the request's language; these requests ask for none, so
// Dutch: the texts README's production section quotes.
const UNAVAILABLE_MESSAGE = 'Het portaal is even niet bereikbaar. Probeer het over een paar minuten opnieuw.';
const DISK_FULL_MESSAGE = 'Er is op dit moment geen ruimte om je bestand op te slaan. Probeer het later opnieuw.';

const adminUrl = process.env.DATABASE_URL;
const isRoot = process.getuid?.() === 0;
const pgBin = ['/usr/lib/postgresql', '/usr/local/lib/postgresql']
  .filter((dir) => existsSync(dir))
  .flatMap((dir) => readdirSync(dir).map((version) => path.join(dir, version, 'bin')))
  .concat(['/usr/local/bin', '/usr/bin'])
  .find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));

/** With DATABASE_URL pointing at `url` while the harness makes its scratch database there. */
async function contextOn(
  url: string | undefined,
  overrides: Parameters<typeof createTestContext>[0] = {},
  build: Parameters<typeof createTestContext>[1] = {},
): Promise<TestContext> {
  const saved = process.env.DATABASE_URL;
  if (url) process.env.DATABASE_URL = url;
  try {
    return await createTestContext(overrides, build);
  } finally {
    process.env.DATABASE_URL = saved;
  }
}

async function signedInLawyer(ctx: TestContext) {
  const lawyer = await createTestLawyer(ctx);
  return bearer(await tokenFor(ctx, lawyer.id));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!adminUrl)('PostgreSQL backends terminated under load', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await contextOn(adminUrl);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 503 with the generic Dutch message in flight; the next requests succeed without restart', async () => {
    const auth = await signedInLawyer(ctx);
    const [{ name }] = (await queryRows<{ name: string }>(ctx.db, sql`SELECT current_database() AS name`)) as [
      { name: string },
    ];
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      // Both PostgreSQL pools: the hot one (named statements: /api/user, /api/cases) and the
      // main one (a search runs unnamed there, like every drizzle query).
      const urls = ['/api/user', '/api/cases', '/api/cases?q=ja'];
      const inFlight = Array.from({ length: 60 }, (_, i) =>
        ctx.app.inject({ method: 'GET', url: urls[i % urls.length]!, headers: auth }),
      );
      await sleep(5);
      // Only this file's own scratch database: the shared server's other backends are left alone.
      const killed = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      const responses = await Promise.all(inFlight);
      for (const response of responses) {
        expect([200, 503]).toContain(response.statusCode);
        if (response.statusCode === 503) expect(response.json().message).toBe(UNAVAILABLE_MESSAGE);
      }
    } finally {
      await admin.end();
    }
    // The pool replaces the dead connections: no restart, no error.
    for (let i = 0; i < 30; i++)
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: ['/api/user', '/api/cases', '/api/cases?q=ja'][i % 3]!,
            headers: auth,
          })
        ).statusCode,
      ).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe.skipIf(!adminUrl || !pgBin)('PostgreSQL stopped for 10 s and started again', () => {
  let dir: string;
  let data: string;
  let port: number;
  let ctx: TestContext;
  const asPostgres = (command: string, args: string[]) => {
    const file = path.join(pgBin!, command);
    return isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' })
      : execFileSync(file, args, { stdio: 'pipe' });
  };
  const pgCtl = (action: 'start' | 'stop') =>
    asPostgres('pg_ctl', [
      '-D',
      data,
      '-w',
      '-t',
      '60',
      ...(action === 'start'
        ? ['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', path.join(dir, 'log')]
        : ['-m', 'fast']),
      action,
    ]);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-private-pg-'));
    data = path.join(dir, 'data');
    mkdirSync(data);
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
      chownSync(data, uid, gid);
    }
    port = await freePort();
    asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    pgCtl('start');
    ctx = await contextOn(`postgres://postgres@127.0.0.1:${port}/postgres`);
  });
  afterAll(async () => {
    await ctx?.close().catch(() => undefined);
    try {
      pgCtl('stop');
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 and /readyz 503 while it is down, and recovers by itself when it is back', async () => {
    const auth = await signedInLawyer(ctx);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: auth })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/cases', headers: auth })).statusCode).toBe(200);
    pgCtl('stop');
    for (const url of ['/api/user', '/api/cases']) {
      const down = await ctx.app.inject({ method: 'GET', url, headers: auth });
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(UNAVAILABLE_MESSAGE);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
    // Down for a few seconds, asked every half second: through several of the listener's
    // reconnect attempts (one a second) and the pool's failed connects, every answer stays a
    // clean 503, never a hang or a 500. No step waits longer than that half second.
    const downUntil = Date.now() + 3_000;
    while (Date.now() < downUntil) {
      await sleep(500);
      for (const url of ['/api/user', '/api/cases'])
        expect((await ctx.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(503);
    }
    pgCtl('start');
    expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++)
      expect(
        (await ctx.app.inject({ method: 'GET', url: i % 2 ? '/api/cases' : '/api/user', headers: auth })).statusCode,
      ).toBe(200);
  });
});

describe.skipIf(!adminUrl || !isRoot)('a full disk during uploads', () => {
  let mountDir: string;
  let mounted = false;
  let ctx: TestContext;
  beforeAll(async () => {
    mountDir = mkdtempSync(path.join(tmpdir(), 'portal-full-disk-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountDir]);
    mounted = true;
    ctx = await contextOn(adminUrl, { maxUploadBytes: 16 * 1024 * 1024 }, { storage: diskStorage(mountDir) });
  });
  afterAll(async () => {
    await ctx?.close();
    if (mounted) execFileSync('umount', [mountDir]);
    rmSync(mountDir, { recursive: true, force: true });
  });

  it('answers 507 with a Dutch message, keeps no partial file and no row, and stays alive', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
    const auth = bearer(await tokenFor(ctx, client.id));
    const [slot] = await ctx.db.select().from(documents).where(eq(documents.caseId, client.caseId)).limit(1);
    const big = multipart({}, [
      { filename: 'groot.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 7)]) },
    ]);
    const full = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${slot!.id}/upload`,
      headers: { ...auth, ...big.headers },
      payload: big.payload,
    });
    expect(full.statusCode).toBe(507);
    expect(full.json().message).toBe(DISK_FULL_MESSAGE);
    // No partial file anywhere (neither the temporary part nor the target).
    expect(readdirSync(mountDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())).toEqual(
      [],
    );
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, slot!.id));
    expect(row).toMatchObject({ storageKey: null, status: 'Not Uploaded' });

    // Alive: a small file fits and is stored.
    const small = multipart({}, [{ filename: 'klein.pdf', data: Buffer.from('%PDF-1.4 klein') }]);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/documents/${slot!.id}/upload`,
          headers: { ...auth, ...small.headers },
          payload: small.payload,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe.skipIf(!adminUrl)('SMTP down while people work, then back', () => {
  const METRICS_TOKEN = 'metrics-token-faults-0123456789';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await contextOn(adminUrl, { metricsToken: METRICS_TOKEN });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The outbox lag gauges of /metrics (src/server/infra/outbox/metrics.ts). */
  async function outboxGauges() {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(response.body)?.[1] ?? Number.NaN);
    return { pending: value('portal_outbox_pending'), age: value('portal_outbox_oldest_pending_age_seconds') };
  }

  it('answers all, keeps mail pending and retried, /readyz stays 200, sends each once SMTP is back', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
    const lawyerAuth = bearer(await tokenFor(ctx, lawyer.id));
    const clientAuth = bearer(await tokenFor(ctx, client.id));
    const addresses = [lawyer.email, client.email];
    const mailsTo = (address: string) => ctx.smtp.messages.filter((m) => m.to.includes(address));
    const rows = () => ctx.db.select().from(outbox).where(inArray(outbox.toAddress, addresses));
    expect(await outboxGauges()).toEqual({ pending: 0, age: 0 });

    await ctx.smtp.stop();
    try {
      // A status change (mail to the client), an upload (mail to the lawyer), a login code (urgent).
      const status = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/cases/${client.caseId}/status`,
        headers: lawyerAuth,
        payload: { status: 'negotiation-phase' },
      });
      expect(status.statusCode).toBe(200);
      const [slot] = await ctx.db
        .select()
        .from(documents)
        .where(and(eq(documents.caseId, client.caseId), eq(documents.mandatory, true)))
        .limit(1);
      const file = multipart({}, [
        { filename: 'loonstrook.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%test\n%%EOF\n') },
      ]);
      const upload = await ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${slot!.id}/upload`,
        headers: { ...clientAuth, ...file.headers },
        payload: file.payload,
      });
      expect(upload.statusCode).toBe(200);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email: lawyer.email } })).statusCode,
      ).toBe(200);
      // The worker tried, failed and keeps every mail for a retry; the instance stays ready
      // (SMTP is not needed to serve requests, so the load balancer keeps sending traffic).
      await ctx.outbox.drain();
      const pending = await rows();
      expect(pending.length).toBeGreaterThanOrEqual(3);
      expect(
        pending.every(
          (r) =>
            r.status === 'pending' &&
            r.attempts >= 1 &&
            r.lastError !== null &&
            r.nextAttemptAt.getTime() > ctx.clock.now().getTime(),
        ),
      ).toBe(true);
      expect((await ctx.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: lawyerAuth })).statusCode).toBe(200);
      ctx.clock.advance(45_000);
      expect(await outboxGauges()).toEqual({ pending: pending.length, age: 45 });
      // Retried while it is still down: still pending, one more attempt each, nothing sent.
      await ctx.outbox.drain();
      expect((await rows()).every((r) => r.status === 'pending' && r.attempts >= 2)).toBe(true);
      for (const address of addresses) expect(mailsTo(address)).toHaveLength(0);
    } finally {
      await ctx.smtp.start();
    }

    // Back: the login code (still within its 10 minutes) and every other mail arrive, once.
    for (let round = 0; round < 3; round++) {
      ctx.clock.advance(2 * 60_000);
      await ctx.outbox.drain();
    }
    const clientMails = mailsTo(client.email);
    expect(clientMails).toHaveLength(1);
    expect(clientMails[0]?.text).toContain('Onderhandelingen');
    const lawyerMails = mailsTo(lawyer.email);
    expect(lawyerMails).toHaveLength(2);
    expect(lawyerMails.filter(hasLoginCode)).toHaveLength(1);
    expect(extractLoginCode(lawyerMails.find(hasLoginCode)!)).toMatch(/^[A-Z2-9]{6}$/);
    expect(lawyerMails.some((m) => /geüpload/.test(m.text))).toBe(true);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
    expect(await outboxGauges()).toEqual({ pending: 0, age: 0 });
    // Nothing is sent a second time later.
    ctx.clock.advance(60 * 60_000);
    await ctx.outbox.drain();
    expect(mailsTo(client.email)).toHaveLength(1);
    expect(mailsTo(lawyer.email)).toHaveLength(2);
  });
});
