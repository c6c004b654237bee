/**
 * `npm run cluster`: two server instances on one PostgreSQL, S3 storage (s3rver) and Redis,
 * behind HAProxy with the configuration in deploy/haproxy.cfg. Prints the address and runs
 * until Ctrl-C. Also used by the multi-instance tests (e2e/cluster.scale.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { startS3Peer, type S3Peer } from '../src/server/infra/testing/s3-peer';
import { freePort } from '../src/server/infra/testing/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(root, 'dist/server/main.js');
export const HAPROXY_CONFIG = path.join(root, 'deploy/haproxy.cfg');

function findBinary(name: string, candidates: string[]): string | null {
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  return null;
}

export const haproxyBinary = () => findBinary('haproxy', ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']);
export const redisBinary = () => findBinary('redis-server', ['/usr/bin/redis-server', '/usr/local/bin/redis-server']);

async function waitFor(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  process?: ChildProcess,
  output?: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (process && process.exitCode !== null)
      throw new Error(`${what}: exited with ${process.exitCode}\n${output?.() ?? ''}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready after ${timeoutMs} ms\n${output?.() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers = async (url: string) => (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;

export type Instance = {
  name: string;
  url: string;
  port: number;
  output: () => string;
  /** SIGKILL: the instance dies without finishing anything. */
  kill: () => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export type Cluster = {
  /** The load balancer's address: the portal. */
  url: string;
  instances: Instance[];
  s3: S3Peer;
  redisUrl: string;
  databaseUrl: string;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  /** PostgreSQL database the instances share (migrated by the first instance). */
  databaseUrl: string;
  /** Redis to use; unset: a private redis-server on a free port. */
  redisUrl?: string;
  /** Extra environment for every instance (SMTP_URL, METRICS_TOKEN, RATE_LIMIT_PER_MINUTE, …). */
  env?: Record<string, string>;
  /** Port of the load balancer; unset: a free one. */
  port?: number;
  /** The instances' shared APP_SECRET; unset: a random one for this run only. */
  appSecret?: string;
  /** Where s3rver keeps the bucket; unset: a temporary directory removed on stop. */
  s3Directory?: string;
  log?: (line: string) => void;
};

function spawnLogged(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!existsSync(SERVER_ENTRY)) throw new Error('The cluster runs the built server: run `npm run build` first.');
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error('HAProxy is not installed: apt-get install -y haproxy');
  const log = options.log ?? (() => undefined);
  const workDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    // Redis
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const binary = redisBinary();
      if (!binary) throw new Error('Redis is not installed: set REDIS_URL or apt-get install -y redis-server');
      const port = await freePort();
      const redis = spawnLogged(
        binary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        process.env,
      );
      stops.push(() => stopChild(redis.child));
      redisUrl = `redis://127.0.0.1:${port}`;
      const { Redis } = await import('ioredis');
      await waitFor(
        async () => {
          const client = new Redis(redisUrl!, {
            lazyConnect: true,
            maxRetriesPerRequest: 0,
            enableOfflineQueue: false,
          });
          try {
            await client.connect();
            return (await client.ping()) === 'PONG';
          } finally {
            client.disconnect();
          }
        },
        'redis-server',
        15_000,
        redis.child,
        redis.output,
      );
      log(`Redis      ${redisUrl}`);
    }

    // S3 stand-in
    const s3 = await startS3Peer({ directory: options.s3Directory ?? path.join(workDir, 's3') });
    stops.push(() => s3.close());
    log(`S3         ${s3.endpoint} (s3rver, bucket ${s3.bucket})`);

    // Two instances
    const lbPort = options.port ?? (await freePort());
    const lbUrl = `http://127.0.0.1:${lbPort}`;
    const appSecret = options.appSecret ?? randomBytes(32).toString('base64url');
    const instances: Instance[] = [];
    for (const name of ['app1', 'app2']) {
      const port = await freePort();
      const dataDir = path.join(workDir, name);
      mkdirSync(dataDir, { recursive: true });
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...options.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: lbUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: options.databaseUrl,
        REDIS_URL: redisUrl,
        STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        APP_SECRET: appSecret,
        TRUST_PROXY: 'true',
      };
      let current: { child: ChildProcess; output: () => string } | null = null;
      const url = `http://127.0.0.1:${port}`;
      const instance: Instance = {
        name,
        url,
        port,
        output: () => current?.output() ?? '',
        start: async () => {
          current = spawnLogged(process.execPath, [SERVER_ENTRY], env);
          await waitFor(() => answers(`${url}/readyz`), name, 60_000, current.child, current.output);
        },
        stop: async () => {
          if (current) await stopChild(current.child);
        },
        kill: async () => {
          if (current) await stopChild(current.child, 'SIGKILL');
        },
      };
      await instance.start(); // one after the other: the first migrates the database
      stops.push(() => instance.stop());
      instances.push(instance);
      log(`${name}       ${url}`);
    }

    // HAProxy
    const proxy = spawnLogged(haproxy, ['-f', HAPROXY_CONFIG, '-db'], {
      ...process.env,
      PORTAL_LB_HOST: '127.0.0.1',
      PORTAL_LB_PORT: String(lbPort),
      PORTAL_APP1: `127.0.0.1:${instances[0]!.port}`,
      PORTAL_APP2: `127.0.0.1:${instances[1]!.port}`,
    });
    stops.push(() => stopChild(proxy.child, 'SIGUSR1').then(() => stopChild(proxy.child)));
    await waitFor(() => answers(`${lbUrl}/readyz`), 'haproxy', 15_000, proxy.child, proxy.output);
    // Both servers up in HAProxy's eyes (rise 2 × inter 1 s).
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    return { url: lbUrl, instances, s3, redisUrl, databaseUrl: options.databaseUrl, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** `npm run cluster`: a database `portal_cluster` on DATABASE_URL's server (created once, with demo data). */
async function main(): Promise<void> {
  // The demo seeding below talks to S3 from this process; the SDK's Node 20 notice is noise here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  if (!existsSync(SERVER_ENTRY)) {
    process.stdout.write('Building the product first (npm run build)…\n');
    const { spawnSync } = await import('node:child_process');
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root }).status !== 0) process.exit(1);
  }
  const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(admin);
  url.pathname = '/portal_cluster';
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  // The database outlives a run, so what belongs with it does too (data/cluster, like DATA_DIR):
  // the APP_SECRET (second-factor secrets are encrypted with it, links signed) and the S3 bucket.
  const state = path.join(root, 'data', 'cluster');
  const secretFile = path.join(state, 'app-secret');
  const s3Directory = path.join(state, 's3');
  let exists = Boolean((await client.query("SELECT 1 FROM pg_database WHERE datname = 'portal_cluster'")).rowCount);
  if (exists && !existsSync(secretFile)) {
    // A database of an earlier run whose secret and files are gone: start again from scratch.
    await client.query('DROP DATABASE portal_cluster WITH (FORCE)');
    exists = false;
  }
  if (!exists) {
    rmSync(state, { recursive: true, force: true });
    mkdirSync(s3Directory, { recursive: true });
    writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
    await client.query('CREATE DATABASE portal_cluster');
  }
  await client.end();

  const cluster = await startCluster({
    databaseUrl: url.toString(),
    redisUrl: process.env.REDIS_URL,
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
    appSecret: readFileSync(secretFile, 'utf8').trim(),
    s3Directory,
    env: Object.fromEntries(
      Object.entries(process.env).filter(([key]) =>
        ['SMTP_URL', 'MAIL_FROM', 'METRICS_TOKEN', 'RATE_LIMIT_PER_MINUTE', 'LOG_LEVEL'].includes(key),
      ) as [string, string][],
    ),
    log: (line) => process.stdout.write(`  ${line}\n`),
  });
  if (!exists) {
    const { openPostgres } = await import('../src/server/infra/db/client');
    const { ensureCatalogue } = await import('../src/server/infra/db/catalogue');
    const { seedDemo } = await import('../src/server/demo/seed-demo');
    const { siteConfig } = await import('../src/server/infra/config/config');
    const { s3Storage } = await import('../src/server/infra/storage/s3');
    const database = await openPostgres(url.toString());
    const storage = await s3Storage({
      bucket: cluster.s3.bucket,
      region: cluster.s3.region,
      endpoint: cluster.s3.endpoint,
      forcePathStyle: true,
      credentials: cluster.s3.credentials,
    });
    await ensureCatalogue(database.db);
    await seedDemo(database.db, storage, new Date(), siteConfig());
    await storage.close();
    await database.close();
    process.stdout.write('  demo data seeded (see README for the demo addresses)\n');
  }
  process.stdout.write(`\nPortal on two instances behind HAProxy: ${cluster.url}\n(Ctrl-C stops everything)\n`);
  const shutdown = () => {
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
