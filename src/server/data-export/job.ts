import type { Db } from '../infra/db/client';
import type { Job } from '../infra/jobs/scheduler';
import type { Storage } from '../infra/storage/storage';
import { buildPendingExports, removeExpiredExports } from './queries';

/** Advisory-lock key of the data export job (jobs/scheduler.ts); the builds themselves are claimed per row. */
export const DATA_EXPORT_LOCK_KEY = 7_170;

/**
 * Every half minute (main.ts): builds the exports waiting (each claimed under a lease, so
 * several instances share the work) and removes the files of exports past their 24 hours. The
 * request itself also starts a build at once (routes.ts); this run picks up whatever that did not
 * finish (a restart, a failure to retry).
 */
export function dataExportJob(
  storage: Storage,
  now: () => Date,
  intervalMs = 30_000,
  onError?: (error: Error) => void,
): Job {
  return {
    name: 'data-export',
    lockKey: DATA_EXPORT_LOCK_KEY,
    intervalMs,
    exclusive: false,
    run: async (db: Db) => {
      await removeExpiredExports(db, storage, now());
      return buildPendingExports(db, storage, now, { onError });
    },
  };
}
