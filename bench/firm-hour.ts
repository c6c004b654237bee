/**
 * The firm's busiest hour, played on one instance of the built server (docs/performance.md, decision 061).
 *
 * One hour of a large firm, mixed (the rates of `MIX`, at 1× that hour):
 * - 50 lawyers, each about one request a second over the case list, search, case detail, a case's documents and its
 *   messages; each writes a message and reviews an uploaded document about every two minutes;
 * - 500 clients online, each about one request every 10 s over the dashboard, messages, documents and the
 *   settlement; each uploads a document and writes a message about every ten minutes;
 * - their 550 live streams (GET /api/events), open for the whole run, receiving what the writes cause.
 *
 * The mix runs at increasing multiples of that hour (open loop: arrivals at the multiple's rate, Poisson, whatever the
 * answers do; a latency counts from when the request was due, so a late generator or a queue in the server shows up
 * in it) until a step misses a p99 goal or the machine saturates (arrivals the generator could not send, answers
 * falling behind the arrivals, or failed requests). It prints the capacity reached (the highest multiple whose every
 * route kept its p99 goal) and p50/p95/p99 per route, on the embedded database and, with DATABASE_URL, on PostgreSQL
 * (a scratch database of its own, dropped afterwards). Goals: ≥ 20× with every p99 ≤ 50 ms on PostgreSQL, ≥ 5× with
 * every p99 ≤ 100 ms on the embedded database, on 2 cores. Bounded in steps and time; loopback only.
 *
 * Alone (after `npm run build`): `node --import tsx bench/firm-hour.ts [--quick] [--kinds=pglite,postgres]
 * [--seconds=N] [--ladder=1,2,5] [--alone=N] [--alone-route='client dashboard'] [--env=KEY=VALUE …]`; first in
 * `npm run bench` (`npm run bench -- --quick` for the short form), unless BENCH_FIRM_HOUR=0. `--env` passes a setting
 * to the server (e.g. `--env=UPLOADS_PER_INSTANCE=8`), for comparing two settings in one run. `--ladder=` (empty) with
 * `--alone-route` sends only that route, one request at a time: with BENCH_SERVER_NODE_ARGS='--cpu-prof
 * --cpu-prof-dir=DIR', a profile of one route.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../src/server/infra/db/client';
import { ensureCatalogue } from '../src/server/infra/db/catalogue';
import { seedLoad } from '../src/server/infra/db/seed-load';
import { cases, documents, messages } from '../src/server/infra/db/schema';
import { createToken } from '../src/server/auth/queries';
import { generateToken, sha256Hex } from '../src/server/infra/lib/crypto';
import { isClosedCase } from '../src/contract/rules/document-lock';
import type { StatusSlug } from '../src/contract/statuses';
import type { EventStream } from '../src/server/infra/testing/sse-client';
import {
  BENCH_METRICS_TOKEN,
  createBenchDatabase,
  openLiveStream,
  outboxPending,
  schedulerSettled,
  processCpuMs,
  startServer,
  stopServer,
} from './support';

export type Kind = 'PGlite' | 'PostgreSQL';

const LAWYERS = 50;
const CLIENTS_ONLINE = 500;
/** Cases the 50 lawyers run (40 each); the 500 clients online are among them. */
const CASES = Number(process.env.BENCH_FIRM_CASES ?? 2_000);
/** Messages already in each case's conversation. */
const MESSAGES_PER_CASE = 12;
/** The goals per database: the multiple of the hour to reach, and the p99 every route keeps. */
export const GOALS: Record<Kind, { multiple: number; p99Ms: number }> = {
  PostgreSQL: { multiple: 20, p99Ms: 50 },
  PGlite: { multiple: 5, p99Ms: 100 },
};
/** The multiples tried, in order; the run stops at the first step that misses. */
const LADDER = [1, 2, 3, 5, 7, 10, 14, 20, 25, 30, 40, 50, 65, 80, 100];
const QUICK_LADDER = [1, 3, 5, 10, 20, 30, 40, 60, 80];
/** Requests in flight at most; an arrival beyond this is not sent and counts as saturation. */
const MAX_IN_FLIGHT = 2_000;
/** A step whose requests have not all answered this long after its end is saturated too. */
const DRAIN_TIMEOUT_MS = 10_000;
/** Streams opened at once while connecting. */
const OPENING = 25;

type Role = 'lawyer' | 'client';
type RouteName =
  | 'case list'
  | 'search'
  | 'case detail'
  | 'case documents'
  | 'case messages'
  | 'send message'
  | 'review document'
  | 'dashboard'
  | 'messages'
  | 'documents'
  | 'settlement'
  | 'upload document';

/**
 * The hour at 1×, per route: who asks, how often one person asks (per hour), and what the request is. A lawyer's
 * reads add up to 3,600 an hour (one a second), a client's to 360 (one every 10 s).
 */
const MIX: { role: Role; route: RouteName; label: string; perPersonPerHour: number }[] = [
  { role: 'lawyer', route: 'case list', label: 'GET /api/cases', perPersonPerHour: 1_080 },
  { role: 'lawyer', route: 'search', label: 'GET /api/cases?q=', perPersonPerHour: 540 },
  { role: 'lawyer', route: 'case detail', label: 'GET /api/cases/{id}', perPersonPerHour: 720 },
  { role: 'lawyer', route: 'case documents', label: 'GET /api/cases/{id}/documents', perPersonPerHour: 720 },
  { role: 'lawyer', route: 'case messages', label: 'GET /api/cases/{id}/messages', perPersonPerHour: 540 },
  { role: 'lawyer', route: 'send message', label: 'POST /api/cases/{id}/messages', perPersonPerHour: 30 },
  { role: 'lawyer', route: 'review document', label: 'POST /api/documents/{id}/review', perPersonPerHour: 30 },
  { role: 'client', route: 'dashboard', label: 'GET /api/cases/mine/dashboard', perPersonPerHour: 126 },
  { role: 'client', route: 'messages', label: 'GET /api/cases/{id}/messages', perPersonPerHour: 90 },
  { role: 'client', route: 'documents', label: 'GET /api/cases/{id}/documents', perPersonPerHour: 90 },
  { role: 'client', route: 'settlement', label: 'GET /api/cases/{id}/settlement', perPersonPerHour: 54 },
  { role: 'client', route: 'upload document', label: 'POST /api/documents/{id}/upload', perPersonPerHour: 6 },
  { role: 'client', route: 'send message', label: 'POST /api/cases/{id}/messages', perPersonPerHour: 6 },
];

/** Requests a second of each route at 1×. */
const baseRate = (entry: (typeof MIX)[number]) =>
  (entry.perPersonPerHour * (entry.role === 'lawyer' ? LAWYERS : CLIENTS_ONLINE)) / 3_600;
export const HOUR_RATE = MIX.reduce((sum, entry) => sum + baseRate(entry), 0);

type Lawyer = { id: string; token: string; caseIds: string[] };
type Client = { id: string; token: string; caseId: string; lawyerIndex: number; documentIds: string[] };
type Prepared = { lawyers: Lawyer[]; clients: Client[]; reviewable: string[][] };

/** Surname parts a lawyer searches for (seed-load's surnames). */
const SEARCHES = ['jans', 'vries', 'bakk', 'viss', 'smit', 'meij', 'muld', 'boer', 'dekk', 'kok', 'will', 'brouw'];
const LIST_QUERIES = [
  '',
  '?page=2',
  '?sort=last_update_at&dir=desc',
  '?page=3',
  '?statuses=reviewing-documents,incomplete-case-file',
  '?sort=status',
];

async function prepare(database: Database): Promise<Prepared> {
  const { db } = database;
  await ensureCatalogue(db);
  const now = new Date();
  const { lawyerIds, caseIds } = await seedLoad(db, {
    cases: CASES,
    lawyers: LAWYERS,
    now,
    seed: 61,
    batchSize: 1_000,
  });
  const caseRows = await db
    .select({ id: cases.id, clientId: cases.clientId, status: cases.statusSlug })
    .from(cases)
    .where(inArray(cases.id, caseIds));
  const byId = new Map(caseRows.map((row) => [row.id, row]));
  // Each conversation has a history: the two sides in turn, one a day, all read but the last.
  for (let start = 0; start < caseIds.length; start += 200) {
    const values = caseIds.slice(start, start + 200).flatMap((caseId) =>
      Array.from({ length: MESSAGES_PER_CASE }, (_, i) => {
        const createdAt = new Date(now.getTime() - (MESSAGES_PER_CASE - i) * 86_400_000);
        const role = i % 2 === 0 ? ('client' as const) : ('lawyer' as const);
        return {
          caseId,
          authorId: role === 'client' ? (byId.get(caseId)?.clientId ?? null) : null,
          authorRole: role,
          text: `Bericht ${i + 1} over het dossier: wanneer horen we meer van de werkgever?`,
          createdAt,
          readAt: i === MESSAGES_PER_CASE - 1 ? null : createdAt,
        };
      }),
    );
    await db.insert(messages).values(values);
  }
  // Who wrote the lawyer's side: the case's lawyer (seed-load assigns round robin).
  await db.execute(
    sql`UPDATE messages m SET author_id = cl.lawyer_id FROM case_lawyers cl
        WHERE cl.case_id = m.case_id AND m.author_role = 'lawyer'`,
  );
  await db.execute(sql`VACUUM ANALYZE`);

  const token = async (userId: string) => {
    const value = generateToken();
    await createToken(db, { userId, tokenHash: sha256Hex(value), now, ttlMs: 24 * 3_600_000 });
    return value;
  };
  const lawyers: Lawyer[] = [];
  for (const id of lawyerIds) lawyers.push({ id, token: await token(id), caseIds: [] });
  caseIds.forEach((caseId, i) => lawyers[i % lawyers.length]?.caseIds.push(caseId));

  // The clients online: those of open cases (a closed case's client no longer uploads), spread over the lawyers.
  const open = caseIds
    .map((caseId, i) => ({ caseId, lawyerIndex: i % lawyers.length }))
    .filter(({ caseId }) => !isClosedCase(byId.get(caseId)?.status as StatusSlug))
    .slice(0, CLIENTS_ONLINE);
  if (open.length < CLIENTS_ONLINE) throw new Error(`only ${open.length} open cases for ${CLIENTS_ONLINE} clients`);
  const documentRows = await db
    .select({ id: documents.id, caseId: documents.caseId, status: documents.status })
    .from(documents)
    .where(inArray(documents.caseId, caseIds));
  const documentsOf = new Map<string, { id: string; status: string }[]>();
  for (const row of documentRows) documentsOf.set(row.caseId, [...(documentsOf.get(row.caseId) ?? []), row]);
  const clients: Client[] = [];
  const online = new Set<string>();
  for (const { caseId, lawyerIndex } of open) {
    const clientId = byId.get(caseId)?.clientId as string;
    online.add(caseId);
    clients.push({
      id: clientId,
      token: await token(clientId),
      caseId,
      lawyerIndex,
      // What the client uploads to: their documents not waiting for a review.
      documentIds: (documentsOf.get(caseId) ?? []).filter((d) => d.status !== 'Uploaded').map((d) => d.id),
    });
  }
  // What each lawyer has to review: the uploaded documents of their open cases (a closed case's are a record).
  const reviewable = lawyers.map((lawyer) =>
    lawyer.caseIds
      .filter((caseId) => !isClosedCase(byId.get(caseId)?.status as StatusSlug))
      .flatMap((caseId) => (documentsOf.get(caseId) ?? []).filter((d) => d.status === 'Uploaded').map((d) => d.id)),
  );
  const toReview = reviewable.reduce((sum, queue) => sum + queue.length, 0);
  console.log(
    `  seeded ${caseIds.length} cases over ${lawyers.length} lawyers, ${caseIds.length * MESSAGES_PER_CASE} ` +
      `messages, ${documentRows.length} documents (${toReview} to review); ${clients.length} clients online`,
  );
  return { lawyers, clients, reviewable };
}

/** A small PDF of `size` bytes: the header the upload check reads, then filler. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n% firm-hour bench\n');
  const tail = Buffer.from('\n%%EOF\n');
  const filler = Buffer.alloc(Math.max(0, size - head.length - tail.length), 'x');
  for (let i = 63; i < filler.length; i += 64) filler[i] = 0x0a;
  return Buffer.concat([head, filler, tail]);
}

type Request = { method: 'GET' | 'POST'; path: string; token: string; body?: Buffer; contentType?: string };
type Answer = { status: number; etag: string | undefined; body: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256 });

function send(baseUrl: URL, request: Request, ifNoneMatch: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
    if (ifNoneMatch) headers['if-none-match'] = ifNoneMatch;
    if (request.body) {
      headers['content-type'] = request.contentType ?? 'application/json';
      headers['content-length'] = String(request.body.length);
    }
    const outgoing = http.request(
      { agent, host: baseUrl.hostname, port: baseUrl.port, method: request.method, path: request.path, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            etag: typeof response.headers.etag === 'string' ? response.headers.etag : undefined,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

type RouteStats = { latencies: number[]; errors: number; notModified: number; firstError: string | null };
export type RouteResult = {
  role: Role;
  route: RouteName;
  label: string;
  count: number;
  errors: number;
  notModified: number;
  p50: number;
  p95: number;
  p99: number;
};
export type StepResult = {
  multiple: number;
  seconds: number;
  offered: number;
  answered: number;
  shed: number;
  undrained: number;
  errors: number;
  /** CPU of the server process and of this generator, as a share of one core. */
  serverCpu: number | null;
  generatorCpu: number;
  /** How late the generator sent its requests (p99, ms): its own share of every latency. */
  generatorLagP99: number;
  /** The longest the server's event loop was blocked during the step (ms; null when /metrics did not say). */
  loopDelayMax: number | null;
  streamsOpen: number;
  streamEvents: number;
  routes: RouteResult[];
  passed: boolean;
  reason: string | null;
};
export type FirmHourResult = { kind: Kind; label: string; capacity: number; steps: StepResult[]; goalMet: boolean };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/** What the people of the firm do: each call makes the next request of a route, and notes what its answer changed. */
function makeActions(prepared: Prepared, uploadBytes: number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  const pdf = pdfOf(uploadBytes);
  const boundary = '----firmhourbench';
  const uploadBody = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="verklaring.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const busy = new Set<string>();
  let written = 0;
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));
  type Action = { request: Request; done?: (answer: Answer) => void } | null;
  const actions: Record<Role, Partial<Record<RouteName, () => Action>>> = {
    lawyer: {
      'case list': () => {
        const lawyer = pick(prepared.lawyers);
        return { request: { method: 'GET', path: `/api/cases${pick(LIST_QUERIES)}`, token: lawyer.token } };
      },
      search: () => {
        const lawyer = pick(prepared.lawyers);
        return { request: { method: 'GET', path: `/api/cases?q=${pick(SEARCHES)}`, token: lawyer.token } };
      },
      'case detail': () => {
        const lawyer = pick(prepared.lawyers);
        return { request: { method: 'GET', path: `/api/cases/${pick(lawyer.caseIds)}`, token: lawyer.token } };
      },
      'case documents': () => {
        const lawyer = pick(prepared.lawyers);
        const path = `/api/cases/${pick(lawyer.caseIds)}/documents`;
        return { request: { method: 'GET', path, token: lawyer.token } };
      },
      'case messages': () => {
        const lawyer = pick(prepared.lawyers);
        const path = `/api/cases/${pick(lawyer.caseIds)}/messages`;
        return { request: { method: 'GET', path, token: lawyer.token } };
      },
      // A lawyer answers one of the clients online, so the message reaches a stream.
      'send message': () => {
        const client = pick(prepared.clients);
        const lawyer = prepared.lawyers[client.lawyerIndex] as Lawyer;
        const body = json({ text: `Dank voor je bericht, ik kom er vandaag op terug (${++written}).` });
        const path = `/api/cases/${client.caseId}/messages`;
        return { request: { method: 'POST', path, token: lawyer.token, body } };
      },
      'review document': () => {
        // A lawyer with something to review approves the oldest upload.
        const index = Math.floor(Math.random() * prepared.lawyers.length);
        const queue = prepared.reviewable[index] as string[];
        const documentId = queue.shift();
        if (!documentId) return null;
        busy.add(documentId);
        const lawyer = prepared.lawyers[index] as Lawyer;
        return {
          request: {
            method: 'POST',
            path: `/api/documents/${documentId}/review`,
            token: lawyer.token,
            body: json({ status: 'Approved' }),
          },
          done: () => busy.delete(documentId),
        };
      },
    },
    client: {
      dashboard: () => {
        const client = pick(prepared.clients);
        return { request: { method: 'GET', path: '/api/cases/mine/dashboard?lang=nl-NL', token: client.token } };
      },
      messages: () => {
        const client = pick(prepared.clients);
        return { request: { method: 'GET', path: `/api/cases/${client.caseId}/messages`, token: client.token } };
      },
      documents: () => {
        const client = pick(prepared.clients);
        return { request: { method: 'GET', path: `/api/cases/${client.caseId}/documents`, token: client.token } };
      },
      settlement: () => {
        const client = pick(prepared.clients);
        return { request: { method: 'GET', path: `/api/cases/${client.caseId}/settlement`, token: client.token } };
      },
      'upload document': () => {
        const client = pick(prepared.clients);
        const free = client.documentIds.filter((id) => !busy.has(id));
        if (free.length === 0) return null;
        const documentId = pick(free);
        busy.add(documentId);
        client.documentIds = client.documentIds.filter((id) => id !== documentId);
        return {
          request: {
            method: 'POST',
            path: `/api/documents/${documentId}/upload`,
            token: client.token,
            body: uploadBody,
            contentType: `multipart/form-data; boundary=${boundary}`,
          },
          // Uploaded: it waits for the lawyer's review, and comes back to the client once reviewed.
          done: (answer) => {
            busy.delete(documentId);
            if (answer.status === 200) prepared.reviewable[client.lawyerIndex]?.push(documentId);
            client.documentIds.push(documentId);
          },
        };
      },
      'send message': () => {
        const client = pick(prepared.clients);
        const body = json({ text: `Ik heb de stukken van mijn werkgever ontvangen (${++written}).` });
        return {
          request: { method: 'POST', path: `/api/cases/${client.caseId}/messages`, token: client.token, body },
        };
      },
    },
  };
  return actions;
}

/** Opens a stream for every lawyer and every client online, `OPENING` at a time. */
async function openStreams(
  baseUrl: string,
  prepared: Prepared,
  onEvent: () => void,
): Promise<{ streams: EventStream[]; seconds: number }> {
  const tokens = [...prepared.lawyers.map((l) => l.token), ...prepared.clients.map((c) => c.token)];
  const streams: EventStream[] = [];
  const started = performance.now();
  let next = 0;
  const failures: string[] = [];
  const opener = async () => {
    for (let i = next++; i < tokens.length; i = next++) {
      // A loaded machine may time a stream's request out (408): it is tried again, three times at most.
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          streams.push(await openLiveStream(baseUrl, tokens[i] as string, onEvent));
          break;
        } catch (error) {
          if (attempt === 3) failures.push(String(error));
          else await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: OPENING }, opener));
  if (failures.length > 0) console.log(`  ${failures.length} streams could not be opened (first: ${failures[0]})`);
  return { streams, seconds: (performance.now() - started) / 1000 };
}

/** One step: the mix at `multiple` times the hour for `seconds`, open loop. */
async function runStep(options: {
  baseUrl: URL;
  serverPid: number;
  multiple: number;
  seconds: number;
  goal: number;
  actions: ReturnType<typeof makeActions>;
  streams: EventStream[];
  streamEvents: () => number;
}): Promise<StepResult> {
  const { multiple, seconds, actions } = options;
  const rates = MIX.map((entry) => baseRate(entry) * multiple);
  const total = rates.reduce((a, b) => a + b, 0);
  const stats = MIX.map((): RouteStats => ({ latencies: [], errors: 0, notModified: 0, firstError: null }));
  const etags = new Map<string, string>();
  const lags: number[] = [];
  let inFlight = 0;
  let offered = 0;
  let shed = 0;
  let answered = 0;
  let idle: () => void = () => undefined;
  const pickRoute = () => {
    let r = Math.random() * total;
    for (let i = 0; i < rates.length; i++) {
      r -= rates[i] as number;
      if (r <= 0) return i;
    }
    return rates.length - 1;
  };
  const fire = (index: number, due: number) => {
    const entry = MIX[index] as (typeof MIX)[number];
    const route = stats[index] as RouteStats;
    const action = actions[entry.role][entry.route]?.();
    if (!action) return; // nothing to review or upload at the moment: the person does something else
    offered++;
    if (inFlight >= MAX_IN_FLIGHT) {
      shed++;
      return;
    }
    inFlight++;
    lags.push(performance.now() - due);
    const key = `${action.request.token}${action.request.path}`;
    const ifNoneMatch = action.request.method === 'GET' ? etags.get(key) : undefined;
    send(options.baseUrl, action.request, ifNoneMatch)
      .then((answer) => {
        const ms = performance.now() - due;
        if (answer.status >= 200 && answer.status < 300) {
          route.latencies.push(ms);
          if (answer.etag) etags.set(key, answer.etag);
        } else if (answer.status === 304) {
          route.latencies.push(ms);
          route.notModified++;
        } else {
          route.errors++;
          route.firstError ??= `${answer.status} ${answer.body.slice(0, 200)}`;
        }
        action.done?.(answer);
      })
      .catch((error: unknown) => {
        route.errors++;
        route.firstError ??= String(error);
      })
      .finally(() => {
        answered++;
        if (--inFlight === 0) idle();
      });
  };

  await eventLoopDelayMaxMs(options.baseUrl); // reads and so resets the server's event-loop delay histogram
  const cpuBefore = processCpuMs(options.serverPid);
  const ownBefore = process.cpuUsage();
  const eventsBefore = options.streamEvents();
  const started = performance.now();
  const end = started + seconds * 1000;
  let due = started - Math.log(1 - Math.random()) * (1000 / total);
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (due <= now && due < end) {
        fire(pickRoute(), due);
        due += -Math.log(1 - Math.random()) * (1000 / total);
      }
      if (due >= end) resolve();
      else setTimeout(tick, Math.max(0, Math.min(5, due - performance.now())));
    };
    tick();
  });
  const sendingSeconds = (performance.now() - started) / 1000;
  const cpuAfter = processCpuMs(options.serverPid);
  const own = process.cpuUsage(ownBefore);
  const drained = await Promise.race([
    inFlight === 0 ? Promise.resolve(true) : new Promise<boolean>((resolve) => (idle = () => resolve(true))),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS).unref()),
  ]);
  const undrained = drained ? 0 : inFlight;
  idle = () => undefined;
  const loopDelayMax = await eventLoopDelayMaxMs(options.baseUrl);

  const routes: RouteResult[] = MIX.map((entry, i) => {
    const route = stats[i] as RouteStats;
    const sorted = Float64Array.from(route.latencies).sort();
    const list = Array.from(sorted);
    return {
      role: entry.role,
      route: entry.route,
      label: entry.label,
      count: list.length + route.errors,
      errors: route.errors,
      notModified: route.notModified,
      p50: percentile(list, 50),
      p95: percentile(list, 95),
      p99: percentile(list, 99),
    };
  });
  const errors = routes.reduce((sum, r) => sum + r.errors, 0);
  lags.sort((a, b) => a - b);
  const missed = routes.filter((r) => r.count > 0 && r.p99 > options.goal);
  let reason: string | null = null;
  if (errors > 0) {
    const first = stats.find((s) => s.firstError)?.firstError ?? '';
    reason = `${errors} failed requests (first: ${first.replace(/\s+/g, ' ').slice(0, 160)})`;
  } else if (shed > 0) reason = `${shed} arrivals not sent (${MAX_IN_FLIGHT} in flight): saturated`;
  else if (undrained > 0) reason = `${undrained} requests still unanswered ${DRAIN_TIMEOUT_MS / 1000} s after the step`;
  else if (missed.length > 0)
    reason = `p99 over ${options.goal} ms: ${missed.map((r) => `${r.role} ${r.route} ${r.p99.toFixed(0)}`).join(', ')}`;
  return {
    multiple,
    seconds: sendingSeconds,
    offered,
    answered,
    shed,
    undrained,
    errors,
    serverCpu: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / (sendingSeconds * 1000) : null,
    generatorCpu: (own.user + own.system) / 1000 / (sendingSeconds * 1000),
    generatorLagP99: percentile(lags, 99),
    loopDelayMax,
    streamsOpen: options.streams.filter((s) => !s.isEnded).length,
    streamEvents: options.streamEvents() - eventsBefore,
    routes,
    passed: reason === null,
    reason,
  };
}

/**
 * Each route's requests one at a time (5 each, the median): what a request costs without a queue, to tell the
 * server's own time from the waiting in a step's latencies.
 */
/**
 * Each route's requests one at a time (`alone` of each, or only those of `route`, e.g. 'client dashboard'): the median
 * latency, and the server's CPU per request (from /proc, in steps of 10 ms over all of them: send enough).
 */
async function printAlone(
  baseUrl: URL,
  actions: ReturnType<typeof makeActions>,
  serverPid: number,
  options: { alone: number; route?: string },
): Promise<void> {
  const parts: string[] = [];
  for (const entry of MIX) {
    if (options.route && `${entry.role} ${entry.route}` !== options.route) continue;
    const times: number[] = [];
    const cpuBefore = processCpuMs(serverPid);
    for (let i = 0; i < options.alone; i++) {
      const action = actions[entry.role][entry.route]?.();
      if (!action) continue;
      const started = performance.now();
      const answer = await send(baseUrl, action.request, undefined);
      times.push(performance.now() - started);
      action.done?.(answer);
    }
    const cpuAfter = processCpuMs(serverPid);
    times.sort((a, b) => a - b);
    const cpu =
      cpuBefore === null || cpuAfter === null || times.length === 0
        ? ''
        : ` (server CPU ${((cpuAfter - cpuBefore) / times.length).toFixed(1)})`;
    if (times.length > 0) parts.push(`${entry.role} ${entry.route} ${percentile(times, 50).toFixed(1)}${cpu}`);
  }
  console.log(`  one request at a time, median ms (server CPU ms a request): ${parts.join(', ')}`);
}

/** The server's longest event-loop delay since /metrics was last read (prom-client resets it on each read), in ms. */
async function eventLoopDelayMaxMs(baseUrl: URL): Promise<number | null> {
  const response = await fetch(new URL('/metrics', baseUrl), {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  const match = /^nodejs_eventloop_lag_max_seconds ([\d.e+-]+)$/m.exec(await response.text());
  return match ? Number(match[1]) * 1000 : null;
}

const pct = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(0)} %`);

function printStep(step: StepResult): void {
  console.log(
    `  ${String(step.multiple).padStart(3)}× (${((HOUR_RATE * step.multiple) | 0).toString().padStart(5)} req/s): ` +
      `${step.offered} sent in ${step.seconds.toFixed(0)} s, server CPU ${pct(step.serverCpu)}, ` +
      `generator CPU ${pct(step.generatorCpu)} (lag p99 ${step.generatorLagP99.toFixed(1)} ms), ` +
      `server event loop blocked at most ${step.loopDelayMax === null ? '–' : step.loopDelayMax.toFixed(0)} ms, ` +
      `${step.streamsOpen} streams open, ${step.streamEvents} live events — ` +
      (step.passed ? 'met' : `missed: ${step.reason}`),
  );
}

/** The per-route table of one step. */
export function printRoutes(title: string, step: StepResult): void {
  console.log(
    `\n${title}\n\n| who | route | requests | 304 | errors | p50 ms | p95 ms | p99 ms |\n` +
      '|---|---|---|---|---|---|---|---|',
  );
  for (const r of step.routes)
    console.log(
      `| ${r.role} | ${r.label} | ${r.count} | ${r.notModified} | ${r.errors} | ${r.p50.toFixed(1)} ` +
        `| ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} |`,
    );
}

export async function benchFirmHour(options: {
  kind: Kind;
  quick?: boolean;
  seconds?: number;
  serverEnv?: Record<string, string>;
  uploadKiB?: number;
  /** The multiples to try, instead of the standard ladder (e.g. `--ladder=0.5,1,2` on a loaded machine). */
  ladder?: number[];
  /** Stop after this long, whatever the ladder (s). */
  budgetSeconds?: number;
  /** Requests of each route sent one at a time before the ladder (20). */
  alone?: number;
  /** Only this route one at a time ('client dashboard'); with an empty ladder, for profiling one route. */
  aloneRoute?: string;
}): Promise<FirmHourResult> {
  const goal = GOALS[options.kind];
  const quick = options.quick ?? false;
  const seconds = options.seconds ?? (quick ? 6 : 20);
  const ladder = options.ladder ?? (quick ? QUICK_LADDER : LADDER);
  const budget = (options.budgetSeconds ?? (quick ? 150 : 900)) * 1000;
  const envLabel = Object.entries(options.serverEnv ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  const label = `${options.kind}${envLabel ? ` (${envLabel})` : ''}`;
  console.log(
    `\nThe firm's busiest hour on ${label}: ${LAWYERS} lawyers, ${CLIENTS_ONLINE} clients online, ` +
      `${LAWYERS + CLIENTS_ONLINE} live streams; 1× = ${HOUR_RATE.toFixed(1)} req/s; ${seconds} s a step; ` +
      `goal ≥ ${goal.multiple}× with every p99 ≤ ${goal.p99Ms} ms`,
  );
  const { prepared, env, cleanup } = await createBenchDatabase(options.kind, prepare, 'portal_firm_hour');
  // A server that does not start leaves no database behind.
  const { child, baseUrl } = await startServer({
    ...env,
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    ...options.serverEnv,
  }).catch(async (error: unknown) => {
    await cleanup();
    throw error;
  });
  let streams: EventStream[] = [];
  const steps: StepResult[] = [];
  try {
    // The scheduler's first run passes, and the reminders it queues for the idle seeded cases are sent.
    await schedulerSettled(baseUrl);
    const pending = await outboxPending(baseUrl);
    // The seeded cases are idle, so the scheduler queued reminders; what is left is sent during the steps.
    if (pending > 0) console.log(`  ${pending} mails still in the outbox as the steps start (sent during them)`);
    let events = 0;
    const opened = await openStreams(baseUrl, prepared, () => events++);
    streams = opened.streams;
    console.log(`  ${streams.length} live streams open in ${opened.seconds.toFixed(1)} s`);
    const actions = makeActions(prepared, (options.uploadKiB ?? 200) * 1024);
    const step = (multiple: number, stepSeconds: number) =>
      runStep({
        baseUrl: new URL(baseUrl),
        serverPid: child.pid ?? 0,
        multiple,
        seconds: stepSeconds,
        goal: goal.p99Ms,
        actions,
        streams,
        streamEvents: () => events,
      });
    await step(1, quick ? 2 : 5); // warm-up: statements prepared, code optimised
    await printAlone(new URL(baseUrl), actions, child.pid ?? 0, {
      alone: options.alone ?? 20,
      route: options.aloneRoute,
    });
    const deadline = Date.now() + budget;
    for (const multiple of ladder) {
      if (Date.now() + seconds * 1000 > deadline) {
        console.log(`  (stopped: the time budget of ${budget / 1000} s is spent)`);
        break;
      }
      const result = await step(multiple, seconds);
      printStep(result);
      steps.push(result);
      if (!result.passed) break;
      // Let the last step's after-effects (mails, live events) settle before the next.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    for (const stream of streams) stream.close();
    await stopServer(child);
    await cleanup();
  }
  const passed = steps.filter((s) => s.passed);
  const capacity = passed.at(-1)?.multiple ?? 0;
  const result: FirmHourResult = { kind: options.kind, label, capacity, steps, goalMet: capacity >= goal.multiple };
  const best = passed.at(-1);
  if (best) printRoutes(`${label}, ${best.multiple}× (the highest multiple that met the goals):`, best);
  const failed = steps.find((s) => !s.passed);
  if (failed) printRoutes(`${label}, ${failed.multiple}× (missed: ${failed.reason}):`, failed);
  return result;
}

/** The closing summary: one line per database. */
export function printFirmHourSummary(results: FirmHourResult[]): void {
  console.log('\n| firm hour | capacity | goal | met |\n|---|---|---|---|');
  for (const r of results) {
    const goal = GOALS[r.kind];
    const top = r.steps.at(-1);
    const capped = top?.passed ? ` (every step met; stopped at ${top.multiple}×)` : '';
    console.log(
      `| ${r.label} | ${r.capacity}×${capped} | ≥ ${goal.multiple}×, every p99 ≤ ${goal.p99Ms} ms ` +
        `| ${r.goalMet ? 'yes' : 'no'} |`,
    );
  }
}

/** The command-line options (also read by bench/run.ts, from `npm run bench -- …`). */
export function firmHourOptions(argv: string[] = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: argv,
    strict: false,
    options: {
      quick: { type: 'boolean', default: process.env.BENCH_QUICK === '1' },
      kinds: { type: 'string' },
      seconds: { type: 'string' },
      env: { type: 'string', multiple: true },
      'upload-kib': { type: 'string' },
      ladder: { type: 'string' },
      alone: { type: 'string' },
      'alone-route': { type: 'string' },
    },
  });
  const serverEnv: Record<string, string> = {};
  for (const pair of (values.env as string[] | undefined) ?? []) {
    const at = pair.indexOf('=');
    if (at > 0) serverEnv[pair.slice(0, at)] = pair.slice(at + 1);
  }
  const wanted = typeof values.kinds === 'string' ? values.kinds.toLowerCase().split(',') : ['pglite', 'postgres'];
  const kinds: Kind[] = [
    ...(wanted.includes('pglite') ? (['PGlite'] as const) : []),
    ...(wanted.includes('postgres') && process.env.DATABASE_URL ? (['PostgreSQL'] as const) : []),
  ];
  return {
    quick: values.quick === true,
    kinds,
    ...(typeof values.seconds === 'string' ? { seconds: Number(values.seconds) } : {}),
    ...(typeof values['upload-kib'] === 'string' ? { uploadKiB: Number(values['upload-kib']) } : {}),
    ...(typeof values.ladder === 'string' ? { ladder: values.ladder.split(',').filter(Boolean).map(Number) } : {}),
    ...(typeof values.alone === 'string' ? { alone: Number(values.alone) } : {}),
    ...(typeof values['alone-route'] === 'string' ? { aloneRoute: values['alone-route'] } : {}),
    serverEnv,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { kinds, ...options } = firmHourOptions();
  if (!process.env.DATABASE_URL) console.log('(PostgreSQL skipped: set DATABASE_URL to include it)');
  const results: FirmHourResult[] = [];
  for (const kind of kinds) results.push(await benchFirmHour({ kind, ...options }));
  printFirmHourSummary(results);
  agent.destroy();
}
