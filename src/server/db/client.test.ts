import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseLockedError, acquireDirectoryLock, openPglite } from './client';

describe('embedded database', { timeout: 120_000 }, () => { // initdb on disk, twice per test
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
