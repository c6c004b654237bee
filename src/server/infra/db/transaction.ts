import type { Db } from './client';

/**
 * A transaction over the infrastructure's own rows (the mail outbox's claim), which causes no
 * domain event. A feature opens its transactions with `withEvents` (domain-events/), which
 * refuses to run inside one of these, so an event can never be lost in here.
 */
export function rowTransaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(run);
}
