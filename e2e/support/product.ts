import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpPeer, type SmtpPeer } from '../../src/server/testing/smtp-peer';
import { freePort } from '../../src/server/testing/free-port';

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
  stop: () => Promise<void>;
};

/** e2e runs against `npm run build` output; `npm test` builds before this runs. */
export function assertBuilt(): void {
  const missing = [SERVER_ENTRY, WEB_INDEX].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`The e2e journeys need the built product (${missing.map((f) => path.relative(root, f)).join(', ')} missing): run \`npm run build\` first.`);
  }
}


/**
 * A data directory with the migrated database and demo data, made once per build by a real
 * first start and copied for every journey: each journey still gets its own fresh data, but
 * skips creating the database and seeding (several seconds each on two cores). The journeys run
 * in two forks, so the first one makes it under a lock (a directory: mkdir is atomic) while the
 * other waits for its `ready` file.
 */
async function demoTemplate(): Promise<string> {
  const stamp = Math.floor(statSync(SERVER_ENTRY).mtimeMs).toString(36);
  const dir = path.join(tmpdir(), `portal-e2e-template-${stamp}`);
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 180_000;
  while (!existsSync(path.join(dir, 'ready'))) {
    try {
      mkdirSync(lock);
    } catch {
      // Another fork is making it; a lock older than 3 minutes was left by a fork that died.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 180_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`The demo data template ${dir} was not made within 3 minutes (lock ${lock}).`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (existsSync(path.join(dir, 'ready'))) break;
      rmSync(dir, { recursive: true, force: true });
      const first = await launch(dir, await startSmtpPeer());
      await first.stop({ keepData: true });
      writeFileSync(path.join(dir, 'ready'), stamp);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return dir;
}

/** `env` adds settings for this product only (such as `TYPEFORM_SECRET` for the intake webhook). */
export async function startProduct(options: { env?: Record<string, string> } = {}): Promise<Product> {
  assertBuilt();
  const template = await demoTemplate();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  cpSync(template, dataDir, { recursive: true, filter: (source) => !/(^|\/)(portal\.lock|ready|app-secret)$/.test(source) });
  const product = await launch(dataDir, await startSmtpPeer(), options.env);
  return { ...product, stop: () => product.stop({ keepData: false }) };
}

async function launch(dataDir: string, smtp: SmtpPeer, extraEnv: Record<string, string> = {}): Promise<Omit<Product, 'stop'> & { stop: (options: { keepData: boolean }) => Promise<void> }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
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
  return { baseUrl, smtp, dataDir, output: () => output, stop: cleanUp };
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + 90_000;
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
  throw new Error(`The server did not become healthy within 90 s:\n${output()}`);
}
