import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DatabaseLockedError, acquireDirectoryLock, openPglite, openPostgres } from './client';
import { preparedStatement } from './prepared';
import { queryRows } from './sql';
import { createScratchDatabase } from '../testing/scratch-database';
import { postgresTemplate } from '../testing/harness';

describe('embedded database', { timeout: 120_000 }, () => {
  // initdb on disk, twice per test
  it('refuses a second opener of the same directory and opens again after close', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-db-'));
    const first = await openPglite(dir);
    expect(first.fresh).toBe(true);
    expect(() => acquireDirectoryLock(dir)).toThrow(DatabaseLockedError);
    await first.close();
    const again = await openPglite(dir);
    expect(again.fresh).toBe(false);
    await again.close();
  });

  it('names the process that holds the directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-db-'));
    writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    await expect(openPglite(dir)).rejects.toThrow(DatabaseLockedError);
    await expect(openPglite(dir)).rejects.toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-db-'));
    writeFileSync(path.join(dir, 'portal.lock'), '999999');
    const database = await openPglite(dir);
    await database.close();
  });
});

describe('DATABASE_URL as node-postgres reads it', () => {
  // A server on this machine, reached through its Unix socket (?host=/var/run/postgresql): both
  // pool and its prepared statements must take the address as it is.
  const adminUrl = process.env.DATABASE_URL;
  const socketDir = '/var/run/postgresql';
  const local =
    adminUrl &&
    ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(adminUrl).hostname) &&
    existsSync(`${socketDir}/.s.PGSQL.${new URL(adminUrl).port || 5432}`);
  it.skipIf(!local)(
    'runs the pool and its prepared statements through a Unix socket (PostgreSQL on this machine)',
    async () => {
      const scratch = await createScratchDatabase(adminUrl as string, 'portal_socket', {
        template: await postgresTemplate(adminUrl as string),
      });
      const url = new URL(scratch.url);
      url.searchParams.set('host', socketDir);
      const database = await openPostgres(url.toString(), { max: 2 });
      try {
        // inet_server_addr() is null over a Unix socket.
        expect(await queryRows(database.db, sql`SELECT inet_server_addr() AS addr`)).toEqual([{ addr: null }]);
        // Named here: the names are shared by every test file of a worker, and prepared.test.ts uses them all up.
        const prepared = {
          ...preparedStatement(sql`SELECT inet_server_addr() AS addr, ${sql.placeholder('n')}::int + 1 AS n`),
          name: 'portal_test_socket',
        };
        expect(await database.run(prepared, { n: 41 })).toEqual([{ addr: null, n: 42 }]);
      } finally {
        await database.close();
        await scratch.drop();
      }
    },
  );
});
