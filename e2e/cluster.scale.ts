/**
 * Two instances of the built server on one PostgreSQL, S3 (s3rver) and Redis, behind HAProxy
 * with deploy/haproxy.cfg: what `npm run cluster` starts. Needs DATABASE_URL (a PostgreSQL
 * server) and HAProxy and redis-server installed (.ci/run installs them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { HAPROXY_CONFIG, startCluster, type Cluster } from '../scripts/cluster';
import { openPostgres, type Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { createScratchDatabase } from '../src/server/infra/testing/scratch-database';
import { extractLoginCode, startSmtpPeer, type SmtpPeer } from '../src/server/infra/testing/smtp-peer';
import { openEventStream } from '../src/server/infra/testing/sse-client';
import { createUser } from '../src/server/users/create';
import { createCase } from '../src/server/cases/queries';
import { createToken } from '../src/server/auth/queries';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { caseLawyers, documents } from '../src/server/infra/db/schema';

const METRICS_TOKEN = 'cluster-metrics-token-0123456789';
const RATE_LIMIT = 30;
const adminUrl = process.env.DATABASE_URL;

let cluster: Cluster;
let smtp: SmtpPeer;
let database: Database;
let drop: () => Promise<void> = async () => {};
const people = {
  lawyer: { id: '', email: 'cluster.lawyer@example.com', token: '' },
  client: { id: '', email: 'cluster.client@example.com', caseId: '' },
  waiting: { id: '', email: 'cluster.waiting@example.com', caseId: '' },
  // Receives nothing but login codes, so the throttle test counts only those.
  throttled: { id: '', email: 'cluster.throttled@example.com', caseId: '' },
};

let ipCounter = 10;
/**
 * Each test speaks from its own client address (X-Forwarded-For, trusted behind the proxy), so rate limits do not mix.
 */
const newIp = () => `198.51.100.${ipCounter++}`;

async function call(
  base: string,
  path: string,
  options: { method?: string; token?: string; json?: unknown; body?: FormData; ip: string },
) {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
}

async function jobRuns(url: string, job: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return [
    ...text.matchAll(new RegExp(`^portal_job_runs_total\\{job="${job}",outcome="(ran|skipped)"\\} (\\d+)`, 'gm')),
  ].reduce((n, m) => n + Number(m[2]), 0);
}

describe.skipIf(!adminUrl)('two instances behind HAProxy', () => {
  beforeAll(async () => {
    const scratch = await createScratchDatabase(adminUrl!, 'portal_cluster');
    drop = scratch.drop;
    database = await openPostgres(scratch.url, { max: 3 });
    await ensureCatalogue(database.db);
    const now = new Date();
    people.lawyer.id = await createUser(database.db, {
      role: 'lawyer',
      email: people.lawyer.email,
      name: 'Lotte',
      lastName: 'Advocaat',
    });
    people.client.id = await createUser(database.db, {
      role: 'client',
      email: people.client.email,
      name: 'Kees',
      lastName: 'Klant',
    });
    people.client.caseId = await createCase(database.db, {
      clientId: people.client.id,
      status: 'incomplete-case-file',
      lawyerIds: [people.lawyer.id],
      now,
    });
    // A case that chose an offer and has no lawyer yet: the assignment job's work, to be done once.
    people.waiting.id = await createUser(database.db, {
      role: 'client',
      email: people.waiting.email,
      name: 'Wim',
      lastName: 'Wachtend',
    });
    people.waiting.caseId = await createCase(database.db, {
      clientId: people.waiting.id,
      status: 'offer-chosen',
      lawyerIds: [],
      now,
    });
    people.throttled.id = await createUser(database.db, {
      role: 'client',
      email: people.throttled.email,
      name: 'Tim',
      lastName: 'Teller',
    });
    people.throttled.caseId = await createCase(database.db, {
      clientId: people.throttled.id,
      status: 'incomplete-case-file',
      lawyerIds: [people.lawyer.id],
      now,
    });
    people.lawyer.token = generateToken();
    await createToken(database.db, {
      userId: people.lawyer.id,
      tokenHash: sha256Hex(people.lawyer.token),
      now,
      ttlMs: 3_600_000,
    });
    smtp = await startSmtpPeer();
    cluster = await startCluster({
      databaseUrl: scratch.url,
      env: { SMTP_URL: smtp.url, MAIL_DIGEST_MINUTES: '0', METRICS_TOKEN, RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) },
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await smtp?.close();
    await database?.close();
    await drop();
  });

  it('answers through the load balancer from both instances', async () => {
    const [app1, app2] = cluster.instances;
    expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${app1!.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${app2!.url}/readyz`)).status).toBe(200);
    const page = await fetch(`${cluster.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('keeps an idle client connection open at least as long as the answers say clients may keep it', async () => {
    // The instances' Keep-Alive hint reaches clients through HAProxy; a client that trusts it
    // reuses a connection idle that long, so HAProxy's own idle timeout must not be shorter.
    const hint = (await fetch(`${cluster.url}/readyz`)).headers.get('keep-alive');
    const advertised = Number(/timeout=(\d+)/.exec(hint ?? '')?.[1]);
    expect(advertised).toBeGreaterThan(0);
    const proxyIdle = /^\s*timeout http-keep-alive (\d+)s\s*$/m.exec(readFileSync(HAPROXY_CONFIG, 'utf8'))?.[1];
    expect(Number(proxyIdle)).toBeGreaterThan(advertised);
  });

  it('logs in on one instance and uses the token on the other', async () => {
    const [app1, app2] = cluster.instances;
    const ip = newIp();
    const seen = smtp.messages.length;
    expect(
      (await call(app1!.url, '/api/code', { method: 'POST', json: { email: people.client.email }, ip })).status,
    ).toBe(200);
    const code = extractLoginCode(await smtp.waitForMail(people.client.email, { since: seen }));
    const token = await call(app2!.url, '/api/token', {
      method: 'POST',
      json: { email: people.client.email, code },
      ip,
    });
    expect(token.status).toBe(200);
    const { token: bearerToken } = (await token.json()) as { token: string };
    const me = await call(app1!.url, '/api/user', { token: bearerToken, ip });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(people.client.email);
    // Logged out on one, refused on the other.
    expect((await call(app2!.url, '/api/logout', { method: 'POST', token: bearerToken, ip })).status).toBeLessThan(300);
    expect((await call(app1!.url, '/api/user', { token: bearerToken, ip })).status).toBe(401);
  });

  it('uploads through one instance and downloads through the other and from S3', async () => {
    const [app1, app2] = cluster.instances;
    const ip = newIp();
    const clientToken = generateToken();
    await createToken(database.db, {
      userId: people.client.id,
      tokenHash: sha256Hex(clientToken),
      now: new Date(),
      ttlMs: 3_600_000,
    });
    const [slot] = await database.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.caseId, people.client.caseId), eq(documents.mandatory, true)))
      .limit(1);
    const pdf = Buffer.from(`%PDF-1.4\n% cluster ${Date.now()}\n%%EOF\n`);
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'loonstrook.pdf');
    const uploaded = await call(app1!.url, `/api/documents/${slot!.id}/upload`, {
      method: 'POST',
      token: clientToken,
      body: form,
      ip,
    });
    expect(uploaded.status).toBe(200);
    const download = await call(app2!.url, `/api/documents/${slot!.id}/download`, {
      method: 'POST',
      token: people.lawyer.token,
      ip,
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const listed = await call(app2!.url, `/api/cases/${people.client.caseId}/documents`, {
      token: people.lawyer.token,
      ip,
    });
    const doc = ((await listed.json()) as { data: { id: string; temporary_url: string | null }[] }).data.find(
      (d) => d.id === slot!.id,
    );
    expect(doc?.temporary_url?.startsWith(cluster.s3.endpoint)).toBe(true);
    const direct = await fetch(doc!.temporary_url!);
    expect(Buffer.from(await direct.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('shares the per-IP rate limit through Redis', async () => {
    const [app1, app2] = cluster.instances;
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await call(app1!.url, '/api/user', { ip })).status);
      statuses.push((await call(app2!.url, '/api/user', { ip })).status);
    }
    // 30 per minute in all, not 30 on each instance.
    expect(statuses.filter((s) => s !== 429)).toHaveLength(RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - RATE_LIMIT);
  });

  it('shares the login throttles: one code a minute per address, wrong codes counted across instances', async () => {
    const [app1, app2] = cluster.instances;
    const seen = smtp.messages.length;
    expect(
      (await call(app1!.url, '/api/code', { method: 'POST', json: { email: people.throttled.email }, ip: newIp() }))
        .status,
    ).toBe(200);
    const code = extractLoginCode(await smtp.waitForMail(people.throttled.email, { since: seen }));
    // The second request a moment later, on the other instance, sends nothing.
    await call(app2!.url, '/api/code', { method: 'POST', json: { email: people.throttled.email }, ip: newIp() });
    // Five wrong tries void the code, whichever instance they reach.
    for (let i = 0; i < 5; i++) {
      const instance = cluster.instances[i % 2]!;
      const wrong = await call(instance.url, '/api/token', {
        method: 'POST',
        json: { email: people.throttled.email, code: code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA' },
        ip: newIp(),
      });
      expect(wrong.status).toBe(422);
    }
    const late = await call(app2!.url, '/api/token', {
      method: 'POST',
      json: { email: people.throttled.email, code },
      ip: newIp(),
    });
    expect(late.status).toBe(422);
    expect(smtp.messages.slice(seen).filter((m) => m.to.includes(people.throttled.email))).toHaveLength(1);
  });

  it('runs a background job once: one lawyer assigned, one mail, though both instances ran the scheduler', async () => {
    const [app1, app2] = cluster.instances;
    const deadline = Date.now() + 60_000;
    while ((await jobRuns(app1!.url, 'lawyer-assignment')) < 1 || (await jobRuns(app2!.url, 'lawyer-assignment')) < 1) {
      if (Date.now() > deadline) throw new Error('the scheduler did not run on both instances');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await smtp.waitForMail(people.waiting.email);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a second mail would have been sent by now
    expect(
      await database.db.select().from(caseLawyers).where(eq(caseLawyers.caseId, people.waiting.caseId)),
    ).toHaveLength(1);
    expect(smtp.messages.filter((m) => m.to.includes(people.waiting.email))).toHaveLength(1);
  });

  it('carries live events from one instance to a stream on the other', async () => {
    const [app1, app2] = cluster.instances;
    const ip = newIp();
    const ticket = await call(app1!.url, '/api/events/ticket', { method: 'POST', token: people.lawyer.token, ip });
    expect(ticket.status).toBe(201);
    const stream = await openEventStream(
      `${app1!.url}/api/events?ticket=${((await ticket.json()) as { ticket: string }).ticket}`,
    );
    try {
      expect(stream.status).toBe(200);
      const clientToken = generateToken();
      await createToken(database.db, {
        userId: people.client.id,
        tokenHash: sha256Hex(clientToken),
        now: new Date(),
        ttlMs: 3_600_000,
      });
      const sent = await call(app2!.url, `/api/cases/${people.client.caseId}/messages`, {
        method: 'POST',
        token: clientToken,
        json: { text: 'Via de andere server' },
        ip,
      });
      expect(sent.status).toBe(201);
      const event = await stream.next('message', undefined, 10_000);
      expect(JSON.stringify(event.json)).toContain('Via de andere server');
    } finally {
      stream.close();
    }
  });

  it('loses no GET when one instance is killed under load, and the other carries on', async () => {
    const [, app2] = cluster.instances;
    // /readyz asks the database on every request and has no rate limit (the API's 30 a minute would stop the run).
    const run = autocannon({ url: `${cluster.url}/readyz`, connections: 10, duration: 6 });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await app2!.kill();
    const result = await run;
    expect(result.requests.total).toBeGreaterThan(0);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      non2xx: 0,
    });
    expect((await fetch(`${cluster.url}/readyz`)).status).toBe(200);
    await app2!.start();
  });
});
