import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp } from '../app';
import { loadConfig } from '../infra/config/config';
import { openRuntime, type Runtime } from '../runtime';
import { startSmtpPeer, extractLoginCode, type SmtpPeer } from '../infra/testing/smtp-peer';
import { openTestDatabase } from '../infra/testing/harness';
import { queryRows } from '../infra/db/sql';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { users } from '../infra/db/schema';
import { runCli, UsageError } from './main';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Runs the CLI as a user would, through tsx, and returns exit code and output. A process costs
 * seconds of imports: the tests run one command per way the entry point ends (0 with its JSON
 * line, 1 for a conflict and for a locked database, 2 for a usage error) this way, the rest in
 * this process through `here`.
 */
async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/main.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * The same command in this process, as the entry point runs it (`runCli` with the environment
 * `cli` gives the process): its output lines as the process would print them, or what it threw.
 */
async function here(args: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const error = await runCli(args, (line) => lines.push(line), { LOG_LEVEL: 'warn', ...env }).then(
    () => null,
    (thrown: unknown) => thrown as Error,
  );
  return { stdout: lines.map((line) => `${line}\n`).join(''), error };
}

let dataDir: string;
let smtp: SmtpPeer;
let dbEnv: Record<string, string>;
let closeDb: () => Promise<void> = async () => {};
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-cli-'));
  smtp = await startSmtpPeer();
  dbEnv = { DATA_DIR: dataDir, SMTP_URL: smtp.url, APP_SECRET: 'cli-test-secret-cli-test-secret-0123456' };
  if (process.env.DATABASE_URL) {
    // A fresh PostgreSQL database for this file; the CLI and the app both use it.
    const database = await openTestDatabase();
    const url = new URL(process.env.DATABASE_URL);
    const [row] = await queryRows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
    url.pathname = `/${row?.name ?? ''}`;
    dbEnv.DATABASE_URL = url.toString();
    closeDb = () => database.close();
  }
});
afterAll(async () => {
  await smtp.close();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run cli', () => {
  it('prints help', async () => {
    const result = await here(['--help'], dbEnv);
    expect(result.error).toBeNull();
    expect(result.stdout).toContain('create-lawyer --email E --name N --last-name L [--title T]');
    expect(result.stdout).toContain('create-admin --email E --name N --last-name L [--title T]');
  });

  const bad: [string, string[], RegExp][] = [
    ['no command', [], /No command/],
    ['an unknown command', ['make-coffee'], /Unknown command/],
    ['an unknown option', ['create-lawyer', '--colour', 'red'], /Unknown option|colour/],
    ['a missing e-mail', ['create-lawyer', '--name', 'A', '--last-name', 'B'], /Missing --email/],
    [
      'a malformed e-mail',
      ['create-lawyer', '--email', 'nope', '--name', 'A', '--last-name', 'B'],
      /not a valid e-mail/,
    ],
    [
      'an unknown status',
      ['create-client', '--email', 'k@example.com', '--name', 'A', '--last-name', 'B', '--status', 'done'],
      /--status must be one of/,
    ],
    ['a bad case count', ['seed', '--cases', 'ten'], /--cases must be a whole number/],
    ['an option of another command', ['seed', '--cases', '3', '--email', 'x@example.com'], /does not belong to seed/],
  ];
  // One through a real process: a usage error exits with 2 and its message on stderr.
  it('exits with 2 and a clear message for no command', async () => {
    const result = await cli([], dbEnv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/No command/);
    expect(result.stderr).toContain('npm run cli -- --help');
  });
  // The rest in this process: each is refused as a usage error before the database is opened.
  for (const [what, args, message] of bad) {
    it(`refuses ${what} as a usage error with a clear message`, async () => {
      const out: string[] = [];
      const error = await runCli(args, (line) => out.push(line)).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(message);
      expect(out).toEqual([]);
    });
  }

  it('create-client --invite mails the client the login link over SMTP_URL, with the server stopped', async () => {
    const email = 'cli.invited@example.com';
    const since = smtp.messages.length;
    const invited = await here(
      ['create-client', '--email', email, '--name', 'Ina', '--last-name', 'Uitgenodigd', '--invite'],
      dbEnv,
    );
    expect(invited.error).toBeNull();
    const line = JSON.parse(invited.stdout.trim().split('\n').at(-1) ?? '') as {
      user_id: string;
      case_id: string;
      invite: string;
    };
    expect(line.invite).toBe('sent');
    const mail = await smtp.waitForMail(email, { since });
    expect(mail.subject).toMatch(/^Je portaal bij .+ staat klaar$/);
    expect(mail.text).toContain('Hallo Ina');
    expect(mail.text).toMatch(/https?:\/\/\S+\/login\?event=typeform_submitted/);
    // Without --invite nobody is mailed.
    const quiet = await here(
      ['create-client', '--email', 'cli.quiet@example.com', '--name', 'Stil', '--last-name', 'Klant'],
      dbEnv,
    );
    expect(quiet.error).toBeNull();
    expect(smtp.messages.filter((m) => m.to.includes('cli.quiet@example.com'))).toHaveLength(0);
  }, 120_000);

  it('creates a lawyer who logs in over the API with the code that arrives at SMTP_URL', async () => {
    const email = 'cli.lawyer@example.com';
    const created = await cli(
      ['create-lawyer', '--email', email, '--name', 'Cor', '--last-name', 'Li', '--title', 'Advocaat'],
      dbEnv,
    );
    expect(created.code).toBe(0);
    const { user_id: userId } = JSON.parse(created.stdout.trim()) as { user_id: string };

    const client = await here(
      [
        'create-client',
        '--email',
        'cli.client@example.com',
        '--name',
        'Kim',
        '--last-name',
        'Klant',
        '--lawyer',
        email,
        '--status',
        'check',
      ],
      dbEnv,
    );
    expect(client.error).toBeNull();
    const ids = JSON.parse(client.stdout.trim()) as { user_id: string; case_id: string };
    expect(Object.keys(ids)).toEqual(['user_id', 'case_id']);

    const admin = await here(
      ['create-admin', '--email', 'cli.admin@example.com', '--name', 'Bea', '--last-name', 'Heer'],
      dbEnv,
    );
    expect(admin.error).toBeNull();
    const { user_id: adminId } = JSON.parse(admin.stdout.trim()) as { user_id: string };

    const duplicate = await cli(['create-lawyer', '--email', email, '--name', 'Cor', '--last-name', 'Li'], dbEnv);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('already exists');

    const seeded = await here(['seed', '--cases', '25', '--lawyers', '2'], dbEnv);
    expect(seeded.error).toBeNull();
    expect(JSON.parse(seeded.stdout.trim()).cases).toBe(25);

    const config = loadConfig({ ...dbEnv, LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
    const runtime: Runtime = await openRuntime(config);
    const app = await buildApp({ ...runtime, webRoot: null });
    await runtime.outbox.start();
    try {
      expect((await app.inject({ method: 'POST', url: '/api/code', payload: { email } })).statusCode).toBe(200);
      const code = extractLoginCode(await smtp.waitForMail(email));
      const first = await app.inject({ method: 'POST', url: '/api/token', payload: { email, code } });
      expect(first.json()).toMatchObject({ two_factor_required: true, setup_required: true });
      const { challenge } = first.json() as { challenge: string };
      const { secret } = (
        await app.inject({ method: 'POST', url: '/api/token/two-factor/setup', payload: { challenge } })
      ).json() as { secret: string };
      const totp = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      const token = await app.inject({
        method: 'POST',
        url: '/api/token/two-factor/enable',
        payload: { challenge, code: totp },
      });
      expect(token.statusCode).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${token.json().token}` },
      });
      expect(me.json().data).toMatchObject({ id: userId, full_name: 'Cor Li', title: 'Advocaat', roles: ['lawyer'] });

      const adminCode = await (async () => {
        const since = smtp.messages.length;
        await app.inject({ method: 'POST', url: '/api/code', payload: { email: 'cli.admin@example.com' } });
        return extractLoginCode(await smtp.waitForMail('cli.admin@example.com', { since }));
      })();
      const adminStep = await app.inject({
        method: 'POST',
        url: '/api/token',
        payload: { email: 'cli.admin@example.com', code: adminCode },
      });
      expect(adminStep.json()).toMatchObject({ two_factor_required: true, setup_required: true });
      const [adminRow] = await runtime.database.db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, adminId));
      expect(adminRow?.role).toBe('admin');

      if (!process.env.DATABASE_URL) {
        // While the server holds the embedded database, the CLI says so clearly.
        const locked = await cli(
          ['create-lawyer', '--email', 'second@example.com', '--name', 'A', '--last-name', 'B'],
          dbEnv,
        );
        expect(locked.code).toBe(1);
        expect(locked.stderr).toMatch(/in use by process \d+/);
      }
    } finally {
      await app.close();
      await runtime.outbox.stop();
      await runtime.database.close();
    }
  }, 240_000); // five CLI commands (two of them processes), each opening the embedded database

  it('makes an admin complaints officer (create-admin --complaints-officer, complaints-officer [--off])', async () => {
    const officer = await here(
      [
        'create-admin',
        '--email',
        'cli.officer@example.com',
        '--name',
        'Olga',
        '--last-name',
        'Klacht',
        '--complaints-officer',
      ],
      dbEnv,
    );
    expect(officer.error).toBeNull();
    const { user_id: officerId } = JSON.parse(officer.stdout.trim()) as { user_id: string };
    const unmarked = await here(['complaints-officer', '--email', 'cli.officer@example.com', '--off'], dbEnv);
    expect(JSON.parse(unmarked.stdout.trim())).toEqual({ user_id: officerId, complaints_officer: false });
    const marked = await here(['complaints-officer', '--email', 'cli.officer@example.com'], dbEnv);
    expect(JSON.parse(marked.stdout.trim())).toEqual({ user_id: officerId, complaints_officer: true });
    // The lawyer the test above created is no admin.
    const notAdmin = await here(['complaints-officer', '--email', 'cli.lawyer@example.com'], dbEnv);
    // A usage error: the entry point exits with 2 and the message (as for no command, above).
    expect(notAdmin.error).toBeInstanceOf(UsageError);
    expect(notAdmin.error?.message).toContain('No admin with e-mail');
  }, 240_000);
});
