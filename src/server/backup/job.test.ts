import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { backupRuns } from '../infra/db/schema';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { backupFileName, runScheduledBackup, type BackupSettings } from './job';

const HOUR = 3_600_000;
let ctx: TestContext;
let dir: string;
const logged: { level: string; object: object; message: string }[] = [];
const log = {
  info: (object: object, message: string) => logged.push({ level: 'info', object, message }),
  error: (object: object, message: string) => logged.push({ level: 'error', object, message }),
};
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-backups-'));
  ctx = await createTestContext({ backup: { dir, key: 'job-test-key-0123456789', everyHours: 24, keep: 2 } });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (settings: BackupSettings = { ...ctx.config.backup, dir }) =>
  runScheduledBackup({
    database: ctx.database,
    storage: ctx.storage,
    settings,
    appSecret: undefined,
    now: () => ctx.clock.now(),
    log,
  });

describe('the server backs itself up (BACKUP_DIR)', () => {
  it('makes one when due, keeps the newest BACKUP_KEEP, shows the last on the admin home', async () => {
    const admin = await createTestAdmin(ctx);
    const status = async () =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/admin/backups/status',
          headers: bearer(await tokenFor(ctx, admin.id)),
        })
      ).json().data;
    expect(await status()).toMatchObject({ enabled: true, last_at: null, warning: true });

    expect(await run()).toBe('made');
    expect(readdirSync(dir)).toEqual([backupFileName(ctx.clock.now())]);
    expect(await run()).toBe('not due');
    const shown = await status();
    expect(shown).toMatchObject({ enabled: true, last_at: ctx.clock.now().toISOString(), warning: false });
    expect(shown.last_bytes).toBeGreaterThan(1000);

    for (let i = 0; i < 2; i++) {
      ctx.clock.advance(24 * HOUR + 60_000);
      expect(await run()).toBe('made');
    }
    expect(readdirSync(dir)).toHaveLength(2);
    expect(readdirSync(dir)).toContain(backupFileName(ctx.clock.now()));

    // 26 hours without one: the warning.
    ctx.clock.advance(27 * HOUR);
    expect((await status()).warning).toBe(true);

    // Only the admin reads it.
    const client = await createTestClient(ctx);
    const asClient = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/backups/status',
      headers: bearer(await tokenFor(ctx, client.id)),
    });
    expect(asClient.statusCode).toBe(403);
  });

  it('a failed backup is logged and mailed to the admins, retried an hour later, and never thrown', async () => {
    await createTestAdmin(ctx);
    ctx.clock.advance(25 * HOUR);
    const blocked = path.join(dir, 'not-a-directory');
    writeFileSync(blocked, 'x');
    const settings = { ...ctx.config.backup, dir: blocked };
    expect(await run(settings)).toBe('failed');
    const [row] = await ctx.db.select().from(backupRuns).where(eq(backupRuns.ok, false));
    expect(row?.error).toMatch(/^E[A-Z]+$/);
    expect(logged.some((l) => l.level === 'error' && l.message === 'backup failed')).toBe(true);
    expect(JSON.stringify(logged)).not.toContain(blocked);
    await ctx.outbox.drain();
    const mails = ctx.smtp.messages.filter((m) => m.subject === 'De reservekopie van het portaal is mislukt');
    expect(mails.length).toBeGreaterThanOrEqual(2);
    expect(mails[0]?.text).toContain(row!.error!);
    // Not again within the hour; after it, yes.
    expect(await run(settings)).toBe('not due');
    ctx.clock.advance(HOUR + 60_000);
    expect(await run()).toBe('made');
  });
});
