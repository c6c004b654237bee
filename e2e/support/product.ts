import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/infra/testing/smtp-peer';
import { freePort } from '../../src/server/infra/testing/free-port';

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

/** Copies the demo template into a fresh data directory. */
async function freshDataDir(): Promise<string> {
  const template = await demoTemplate();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  cpSync(template, dataDir, {
    recursive: true,
    filter: (source) => !/(^|\/)(portal\.lock|ready|app-secret)$/.test(source),
  });
  return dataDir;
}

/**
 * One product of its own (the production build, dist/server) on a fresh copy of the demo data,
 * for one journey file. `env` adds settings for this product only (such as `TYPEFORM_SECRET`
 * for the intake webhook).
 */
export async function startProduct(options: { env?: Record<string, string> } = {}): Promise<Product> {
  assertBuilt();
  const product = await launch(await freshDataDir(), await startSmtpPeer(), options.env);
  return { ...product, stop: () => product.stop({ keepData: false }) };
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
