import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { bearer, createTestClient, createTestContext, tokenFor, type TestContext } from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { connectionsCheckingInterval } from '../app';
import { documents } from '../infra/db/schema';
import nlNL from '../../../public/i18n/nl-NL.json';
import { UPLOAD_SLOTS_RETRY_AFTER_SECONDS } from '../infra/http/body-limits';

/**
 * Audit finding 5 with real slow clients on real sockets (port 0): stalled and trickling
 * bodies, slow headers, and uploads piling up. The limits are small here so the test is quick:
 * silence 1.5 s, headers 1 s, at least 20 KB/s over any 3 s, 2 uploads per user, 3 per instance.
 */
let ctx: TestContext;
let port = 0;
beforeAll(async () => {
  ctx = await createTestContext({
    bodyIdleTimeoutMs: 1_500,
    headersTimeoutMs: 1_000,
    bodyMinBytesPerSecond: 20_000,
    bodyMinRateWindowMs: 3_000,
    uploadsPerUser: 2,
    uploadsPerInstance: 3,
    logLevel: 'warn',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
});

/** Resolves when the socket closes, with everything the server sent. */
function collect(socket: net.Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  return new Promise((resolve) => {
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const tempFiles = () => {
  try {
    return readdirSync(path.join(ctx.config.dataDir, 'files', '.tmp'));
  } catch {
    return [];
  }
};
const storedFiles = (caseId: string) => {
  try {
    return readdirSync(path.join(ctx.config.dataDir, 'files', 'documents', caseId));
  } catch {
    return [];
  }
};

const BOUNDARY = 'slowboundary';
const fileHead = (title: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; ` +
  `name="title"\r\n\r\n${title}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ` +
  `filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 `;
const fileTail = `\r\n--${BOUNDARY}--\r\n`;
const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;

/** An upload over a real socket with a chunked body the test sends piece by piece. */
function openUpload(token: string, caseId: string, title: string) {
  const socket = net.connect(port, '127.0.0.1');
  const done = collect(socket);
  socket.write(
    `POST /api/cases/${caseId}/documents HTTP/1.1\r\nHost: localhost\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
      `Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n${chunk(fileHead(title))}`,
  );
  // Fast enough for every limit: 10 KB every 50 ms.
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write(chunk('x'.repeat(10_000)));
  }, 50);
  return {
    socket,
    done,
    finish() {
      clearInterval(timer);
      socket.write(chunk(fileTail) + '0\r\n\r\n');
    },
    abort() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

async function injectUpload(token: string, caseId: string, title = 'Snel') {
  const body = multipart({ title }, [{ filename: 'b.pdf', data: '%PDF-1.4 klein' }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/documents`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe('slow bodies', () => {
  it('closes an upload whose body stalls, and removes its temporary file', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const socket = net.connect(port, '127.0.0.1');
    const done = collect(socket);
    socket.write(
      `POST /api/cases/${client.caseId}/documents HTTP/1.1\r\nHost: localhost\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: 1000000\r\n\r\n${fileHead('Stil')}${'x'.repeat(70_000)}`,
    );
    await done;
    expect(socket.destroyed).toBe(true);
    await until(() => tempFiles().length === 0, 'the temporary file to go');
    expect(storedFiles(client.caseId)).toEqual([]);
  });

  it('aborts an upload trickling below the minimum rate with 408, closes the connection, keeps nothing', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const socket = net.connect(port, '127.0.0.1');
    const done = collect(socket);
    socket.write(
      `POST /api/cases/${client.caseId}/documents HTTP/1.1\r\nHost: localhost\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
        `Content-Length: 1000000\r\n\r\n${fileHead('Traag')}${'x'.repeat(30_000)}`,
    );
    // 1 KB every 200 ms: never silent for the 1.5 s idle limit, but 5 KB/s against the 20 KB/s minimum.
    let sawTempFile = false;
    const trickle = setInterval(() => {
      if (tempFiles().length > 0) sawTempFile = true;
      if (!socket.destroyed) socket.write('x'.repeat(1_000));
    }, 200);
    const received = await done;
    clearInterval(trickle);
    expect(sawTempFile).toBe(true); // the file had really started streaming to disk
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(received).toContain(JSON.stringify({ message: nlNL.hardening.bodyTooSlow }).slice(1, -1));
    await until(() => tempFiles().length === 0, 'the temporary file to go');
    expect(storedFiles(client.caseId)).toEqual([]);
    const rows = await ctx.db.select().from(documents).where(eq(documents.caseId, client.caseId));
    expect(rows.some((d) => d.title === 'Traag')).toBe(false);
    expect(ctx.logs.some((line) => line.includes('"event":"body.too_slow"'))).toBe(true);
  });

  it('aborts a JSON body that trickles below the minimum rate', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const socket = net.connect(port, '127.0.0.1');
    const done = collect(socket);
    socket.write(
      `PATCH /api/user HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 200000\r\n\r\n{"city":"`,
    );
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write('a'.repeat(500));
    }, 200);
    const received = await done;
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('lets an upload at a good rate through, over more than the window', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const upload = openUpload(token, client.caseId, 'Op tijd');
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    upload.finish();
    const received = await upload.done;
    expect(received).toMatch(/^HTTP\/1\.1 201 /);
    expect(storedFiles(client.caseId)).toHaveLength(1);
  });
});

describe('slow headers (slowloris)', () => {
  it('checks header deadlines often: a tenth of the limit, between 100 ms and 1 s', () => {
    expect(connectionsCheckingInterval(10_000)).toBe(1_000);
    expect(connectionsCheckingInterval(1_000)).toBe(100);
    expect(connectionsCheckingInterval(60_000)).toBe(1_000);
  });

  it('closes a connection whose headers never end soon after the headers timeout, though bytes come', async () => {
    const socket = net.connect(port, '127.0.0.1');
    const done = collect(socket);
    const started = Date.now();
    socket.write('GET /api/user HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    // A byte every 200 ms: never idle, so only the headers timeout (1 s) can end this.
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write('a');
    }, 200);
    const received = await done;
    clearInterval(drip);
    expect(received === '' || received.startsWith('HTTP/1.1 408')).toBe(true);
    // Node's default check runs every 30 s; with the interval set it closes within about 1.1 s.
    // The bound is generous for a loaded machine, and far below the default's 30 s.
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});

describe('concurrent uploads', () => {
  it('refuses a user or the instance over its limit with a Dutch 429; frees slots when done or aborted', async () => {
    const a = await createTestClient(ctx);
    const b = await createTestClient(ctx);
    const c = await createTestClient(ctx);
    const [tokenA, tokenB, tokenC] = await Promise.all([tokenFor(ctx, a.id), tokenFor(ctx, b.id), tokenFor(ctx, c.id)]);
    const slots = ctx.app.uploadSlots;
    expect(slots.inUse()).toBe(0);

    const a1 = openUpload(tokenA, a.caseId, 'A1');
    const a2 = openUpload(tokenA, a.caseId, 'A2');
    await until(() => slots.inUse(a.id) === 2, 'two uploads of A streaming');

    const third = await injectUpload(tokenA, a.caseId);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(nlNL.hardening.uploadsPerUser_other.replace('{{count}}', '2'));
    expect(third.headers['retry-after']).toBe(String(UPLOAD_SLOTS_RETRY_AFTER_SECONDS));
    expect(third.headers.connection).toBe('close');
    const request = uploadRequest(tokenA, a.caseId);
    const english = await ctx.app.inject({ ...request, headers: { ...request.headers, 'accept-language': 'en-US' } });
    expect(english.statusCode).toBe(429);
    expect(english.json().message).toBe(
      'You are already uploading 2 files at once. Wait until they have finished and try again.',
    );

    const b1 = openUpload(tokenB, b.caseId, 'B1');
    await until(() => slots.inUse() === 3, 'three uploads streaming');
    const overInstance = await injectUpload(tokenC, c.caseId);
    expect(overInstance.statusCode).toBe(429);
    expect(overInstance.json().message).toBe(nlNL.hardening.uploadsPerInstance);

    // The refused uploads stored nothing.
    expect(storedFiles(a.caseId)).toEqual([]);
    expect(storedFiles(c.caseId)).toEqual([]);

    // One completes, one is aborted by the client: both slots come back.
    a1.finish();
    expect(await a1.done).toMatch(/^HTTP\/1\.1 201 /);
    a2.abort();
    await until(() => slots.inUse(a.id) === 0, 'the slots of A to be released');
    expect(slots.inUse()).toBe(1);
    await until(() => tempFiles().length === 1, 'only B still streaming to a temporary file');

    const again = await injectUpload(tokenA, a.caseId, 'Weer');
    expect(again.statusCode).toBe(201);
    const forC = await injectUpload(tokenC, c.caseId, 'Nu wel');
    expect(forC.statusCode).toBe(201);

    b1.finish();
    expect(await b1.done).toMatch(/^HTTP\/1\.1 201 /);
    await until(() => slots.inUse() === 0, 'every slot released');
    expect(tempFiles()).toEqual([]);
    const titlesA = (await ctx.db.select().from(documents).where(eq(documents.caseId, a.caseId))).map((d) => d.title);
    expect(titlesA).toContain('A1');
    expect(titlesA).not.toContain('A2');
  });

  it('counts avatar uploads too', async () => {
    const a = await createTestClient(ctx);
    const token = await tokenFor(ctx, a.id);
    const a1 = openUpload(token, a.caseId, 'A1');
    const a2 = openUpload(token, a.caseId, 'A2');
    await until(() => ctx.app.uploadSlots.inUse(a.id) === 2, 'two uploads streaming');
    const body = multipart({}, [{ filename: 'me.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), field: 'avatar' }]);
    const avatar = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(avatar.statusCode).toBe(429);
    a1.abort();
    a2.abort();
    await until(() => ctx.app.uploadSlots.inUse() === 0, 'every slot released');
  });
});

function uploadRequest(token: string, caseId: string) {
  const body = multipart({ title: 'Engels' }, [{ filename: 'b.pdf', data: '%PDF-1.4 klein' }]);
  return {
    method: 'POST' as const,
    url: `/api/cases/${caseId}/documents`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  };
}

describe('a body the client abandons (audit: client aborts logged as server errors)', () => {
  let local: TestContext;
  let localPort = 0;
  beforeAll(async () => {
    local = await createTestContext({ bodyIdleTimeoutMs: 1_000, headersTimeoutMs: 1_000, logLevel: 'info' });
    await local.app.listen({ port: 0, host: '127.0.0.1' });
    localPort = (local.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await local.close();
  });

  const linesOf = (since: number) =>
    local.logs.slice(since).flatMap((chunk) =>
      chunk
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { level: number; msg: string; kind?: string; code?: string }),
    );

  it.each([
    ['a JSON body that stalls until the idle limit', 'stall'],
    ['a JSON body whose client hangs up', 'hang-up'],
    ['an upload that stalls until the idle limit', 'upload'],
  ])('logs %s at info as a client abort, never as an error', async (_name, how) => {
    const client = await createTestClient(local);
    const token = await tokenFor(local, client.id);
    const since = local.logs.length;
    const socket = net.connect(localPort, '127.0.0.1');
    const done = collect(socket);
    socket.write(
      how === 'upload'
        ? `POST /api/cases/${client.caseId}/documents HTTP/1.1\r\nHost: localhost\r\n` +
            `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
            `Content-Length: 1000000\r\n\r\n${fileHead('Stil')}${'x'.repeat(70_000)}`
        : `PATCH /api/user HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"city":"Ut`,
    );
    if (how === 'hang-up') setTimeout(() => socket.destroy(), 200);
    await done;
    await until(() => linesOf(since).some((line) => line.kind === 'client_aborted'), 'the abort to be logged', 5_000);
    const lines = linesOf(since);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    const abort = lines.find((line) => line.kind === 'client_aborted')!;
    expect(abort.level).toBe(30);
    expect(abort.msg).toBe('request body aborted by the client');
  });
});
