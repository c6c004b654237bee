import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, UsageError } from '../cli/main';
import { RestoreRefusedError } from './restore';

/** The retention, backup and restore commands as `npm run cli` runs them (in this process). */
let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'portal-cli-backup-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const error = await runCli(args, (line) => lines.push(line), {
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    ...env,
  }).then(
    () => null,
    (thrown: unknown) => thrown as Error,
  );
  return { lines, error };
}

describe('npm run cli -- retention | backup | restore', () => {
  it('checks its options before anything runs', async () => {
    const env = { DATA_DIR: path.join(work, 'unused') };
    for (const args of [
      ['retention', '--as-of', '2027-13-01'],
      ['retention', '--as-of', 'tomorrow'],
      ['backup'],
      ['restore'],
      ['backup', '--to', 'x', '--force'],
    ]) {
      const { error } = await cli(args, env);
      expect(error, args.join(' ')).toBeInstanceOf(UsageError);
    }
  });

  it(
    'plans retention as one JSON line, backs up and restores as one JSON line each',
    { timeout: 180_000 },
    async () => {
      const source = { DATA_DIR: path.join(work, 'source'), APP_SECRET: 'cli-backup-secret-cli-backup-secret-0123' };
      const plan = await cli(['retention', '--as-of', '2030-01-01'], source);
      expect(plan.error).toBeNull();
      expect(JSON.parse(plan.lines[0] as string)).toEqual({ accounts_deleted: [], files_destroyed: [], held: [] });

      const client = await cli(
        ['create-client', '--email', 'kees@example.com', '--name', 'Kees', '--last-name', 'Klant'],
        source,
      );
      expect(client.error).toBeNull();
      const file = path.join(work, 'cli.backup');
      const backup = await cli(['backup', '--to', file], { ...source, BACKUP_KEY: 'cli-backup-key-0123456789' });
      expect(backup.error).toBeNull();
      const made = JSON.parse(backup.lines[0] as string) as Record<string, unknown>;
      expect(Object.keys(made).sort()).toEqual(['bytes', 'file', 'files', 'tables']);
      expect(readFileSync(file).includes('kees@example.com')).toBe(false);

      const target = { DATA_DIR: path.join(work, 'target') };
      const missingKey = await cli(['restore', '--from', file], target);
      expect(missingKey.error).toBeInstanceOf(RestoreRefusedError);
      const restored = await cli(['restore', '--from', file], { ...target, BACKUP_KEY: 'cli-backup-key-0123456789' });
      expect(restored.error).toBeNull();
      expect(JSON.parse(restored.lines[0] as string)).toMatchObject({ database: 'pglite', app_secret: 'none' });

      const cut = path.join(work, 'cut.backup');
      writeFileSync(cut, readFileSync(file).subarray(0, 100));
      const refused = await cli(['restore', '--from', cut], {
        DATA_DIR: path.join(work, 'other'),
        BACKUP_KEY: 'cli-backup-key-0123456789',
      });
      expect(refused.error).toBeInstanceOf(RestoreRefusedError);
    },
  );
});
