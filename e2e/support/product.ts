import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/infra/testing/smtp-peer';
import { freePort } from '../../src/server/infra/testing/free-port';
import { createScratchDatabase } from '../../src/server/infra/testing/scratch-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(root, 'dist/server/main.js');
const WEB_INDEX = path.join(root, 'dist/web/index.html');

/** The real product: the built server on a fresh data directory, its mail going to an SMTP peer. */
export type Product = {
  baseUrl: string;
  smtp: SmtpPeer;
  dataDir: string;
  /** Everything the server printed (for failure messages). */
  output: () => string;
  /** Set on the shared product (the test build): the secret its session mint asks for. */
  mintSecret?: string;
  stop: () => Promise<void>;
};

/** e2e runs against `npm run build` output; `npm test` builds before this runs. */
export function assertBuilt(): void {
  const missing = [SERVER_ENTRY, WEB_INDEX].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The e2e journeys need the built product (${missing.map((f) => path.relative(root, f)).join(', ')} ` +
        `missing): run \`npm run build\` first.`,
    );
  }
}

/**
 * Makes `dir` once per `stamp`: the first fork to get here makes it under a lock (a directory:
 * mkdir is atomic) while the others wait for its `ready` file, which holds the stamp.
 */
async function madeOnce(dir: string, stamp: string, make: () => Promise<void>): Promise<void> {
  const ready = path.join(dir, 'ready');
  const isReady = () => existsSync(ready) && readFileSync(ready, 'utf8') === stamp;
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 180_000;
  while (!isReady()) {
    try {
      mkdirSync(lock);
    } catch {
      // Another fork is making it; a lock older than 3 minutes was left by a fork that died.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 180_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`${dir} was not made within 3 minutes (lock ${lock}).`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (isReady()) break;
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      await make();
      writeFileSync(ready, stamp);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

const buildStamp = () => Math.floor(statSync(SERVER_ENTRY).mtimeMs).toString(36);

/**
 * A data directory with the migrated database and demo data, made once per build by a real
 * first start and copied for every product: each still gets its own fresh data, but skips
 * creating the database and seeding (several seconds each on two cores).
 */
async function demoTemplate(): Promise<string> {
  const stamp = buildStamp();
  const dir = path.join(tmpdir(), `portal-e2e-template-${stamp}`);
  await madeOnce(dir, stamp, async () => {
    const first = await launch(dir, await startSmtpPeer());
    await first.stop({ keepData: true });
  });
  return dir;
}

/**
 * The test build of the server: the same entry point as dist/server/main.js, bundled the same
 * way, with src/server/test-routes.ts swapped for the session mint (src/server/infra/testing/
 * session-mint.ts). Made once per `npm run build` (esbuild, about a second), in .e2e-build/
 * of the repository (git-ignored), never in dist/: the production build stays without it.
 */
async function testServerEntry(): Promise<string> {
  const dir = path.join(root, '.e2e-build');
  const outfile = path.join(dir, 'server', 'main.js');
  await madeOnce(dir, buildStamp(), async () => {
    const { build } = await import('esbuild');
    const mint = path.join(root, 'src/server/infra/testing/session-mint.ts');
    await build({
      // With the text worker beside main.js, as scripts/build-server.mjs makes it.
      entryPoints: {
        main: path.join(root, 'src/server/main.ts'),
        'text-worker': path.join(root, 'src/server/settlement/text-worker.ts'),
      },
      outdir: path.dirname(outfile),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      logLevel: 'warning',
      plugins: [
        { name: 'test-routes', setup: (b) => b.onResolve({ filter: /^\.\/test-routes$/ }, () => ({ path: mint })) },
      ],
    });
  });
  return outfile;
}

/** Copies a template data directory into a fresh one. */
function copyDataDir(template: string): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  cpSync(template, dataDir, {
    recursive: true,
    filter: (source) => !/(^|\/)(portal\.lock|ready|app-secret)$/.test(source),
  });
  return dataDir;
}

/** Copies the demo template into a fresh data directory. */
async function freshDataDir(): Promise<string> {
  return copyDataDir(await demoTemplate());
}

/**
 * The PostgreSQL server a journey file's own product runs on: `E2E_DATABASE_URL`, which `npm test` sets to its
 * DATABASE_URL. Without it (the inner loop, a machine without PostgreSQL) every product runs on the embedded
 * database, as `npm start` does.
 */
const POSTGRES_URL = process.env.E2E_DATABASE_URL || undefined;

/**
 * The demo data on PostgreSQL, made once per build: a new database gets what a first start on the embedded database
 * seeds (the same `seedDemo`: cases, accounts, and their files in a data directory beside it); the built server then
 * starts on it once, so that what a first start queues is done, as for the embedded template. Every product of a
 * file's own is a copy (`CREATE DATABASE … TEMPLATE`), dropped when it stops.
 */
async function postgresDemoTemplate(adminUrl: string): Promise<{ database: string; dataDir: string }> {
  const stamp = buildStamp();
  const database = `portal_e2e_demo_${stamp.replace(/\W/g, '')}`;
  const dataDir = path.join(tmpdir(), `portal-e2e-pg-template-${stamp}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Made by an earlier run against a server that no longer has it: made again.
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0 && !existsSync(`${dataDir}.lock`)) rmSync(path.join(dataDir, 'ready'), { force: true });
  } finally {
    await admin.end();
  }
  await madeOnce(dataDir, stamp, async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      // This build's, if a fork died while making it, and those of earlier builds (not while in use).
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      const { rows } = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'portal\\_e2e\\_demo\\_%'",
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
      await admin.query(`CREATE DATABASE ${database}`);
    } finally {
      await admin.end();
    }
    const url = databaseUrlFor(adminUrl, database);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, APP_SECRET: randomBytes(32).toString('hex') };
    const { loadConfig } = await import('../../src/server/infra/config/config');
    const { openRuntime } = await import('../../src/server/runtime');
    const { seedDemo } = await import('../../src/server/demo/seed-demo');
    const config = loadConfig({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    const runtime = await openRuntime(config);
    try {
      await seedDemo(runtime.database.db, runtime.storage, runtime.clock.now(), config.site);
    } finally {
      await runtime.database.close();
    }
    const first = await launch(dataDir, await startSmtpPeer(), { DATABASE_URL: url });
    await first.stop({ keepData: true });
  });
  return { database, dataDir };
}

function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * One product of its own (the production build, dist/server) on a fresh copy of the demo data,
 * for one journey file: on PostgreSQL when `npm test` has one (E2E_DATABASE_URL), else on the
 * embedded database. `env` adds settings for this product only (such as `TYPEFORM_SECRET` for
 * the intake webhook).
 */
export async function startProduct(options: { env?: Record<string, string> } = {}): Promise<Product> {
  assertBuilt();
  if (!POSTGRES_URL) {
    const product = await launch(await freshDataDir(), await startSmtpPeer(), options.env);
    return { ...product, stop: () => product.stop({ keepData: false }) };
  }
  const template = await postgresDemoTemplate(POSTGRES_URL);
  const scratch = await createScratchDatabase(POSTGRES_URL, 'portal_e2e', { template: template.database });
  try {
    const product = await launch(copyDataDir(template.dataDir), await startSmtpPeer(), {
      ...options.env,
      DATABASE_URL: scratch.url,
    });
    return {
      ...product,
      stop: async () => {
        await product.stop({ keepData: false });
        await scratch.drop();
      },
    };
  } catch (error) {
    await scratch.drop();
    throw error;
  }
}

let forkProduct: Promise<Product> | undefined;

/**
 * The fork's shared product: the test build (with the session mint) on a fresh copy of the demo
 * data, started by the first journey file of a fork that asks and kept for the fork's next
 * files (the e2e project shares modules within a fork). Journeys on it make their own data
 * (unique addresses) or only read the demo data, and sign in through `mintSession`. The login
 * code window is one second and the per-IP limits are off, so no journey waits out a
 * throttle; the per-address limits hold. It stops when the fork exits (and by itself when the
 * fork is gone: E2E_PARENT_PID).
 */
export function sharedProduct(): Promise<Product> {
  if (!forkProduct) {
    forkProduct = (async () => {
      assertBuilt();
      const [entry, dataDir, smtp] = await Promise.all([testServerEntry(), freshDataDir(), startSmtpPeer()]);
      const mintSecret = randomBytes(32).toString('hex');
      const product = await launch(
        dataDir,
        smtp,
        {
          E2E_SESSION_MINT_SECRET: mintSecret,
          E2E_PARENT_PID: String(process.pid),
          LOGIN_CODE_COOLDOWN_SECONDS: '1',
          RATE_LIMIT_PER_MINUTE: '0',
        },
        entry,
      );
      process.once('exit', () => {
        product.kill();
        rmSync(dataDir, { recursive: true, force: true });
      });
      // Files call stop() in afterAll; the fork's product outlives them.
      return { ...product, mintSecret, stop: async () => undefined };
    })();
    forkProduct.catch(() => (forkProduct = undefined));
  }
  return forkProduct;
}

type Launched = Omit<Product, 'stop'> & { stop: (options: { keepData: boolean }) => Promise<void>; kill: () => void };

async function launch(
  dataDir: string,
  smtp: SmtpPeer,
  extraEnv: Record<string, string> = {},
  entry = SERVER_ENTRY,
): Promise<Launched> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'portaal@example.com',
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const cleanUp = async (options: { keepData: boolean } = { keepData: false }) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await smtp.close();
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, exited, () => output);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { baseUrl, smtp, dataDir, output: () => output, stop: cleanUp, kill: () => void child.kill('SIGKILL') };
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  // A bound for a hang, not a speed check: a first start migrates and seeds, which takes
  // minutes on a loaded two-core machine.
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`The server stopped during start-up:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not become healthy within 600 s:\n${output()}`);
}
