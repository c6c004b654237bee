import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * How a job's transaction is opened: the side-effect rules' `withEvents` (domain-events/), handed
 * in by the composition root (main.ts), so the events a job causes go out after its commit while
 * the scheduler knows no feature.
 */
export type OpenTransaction = <T>(db: Db, run: (tx: Db) => Promise<T>) => Promise<T>;

export type Job = {
  name: string;
  lockKey: number;
  intervalMs: number;
  run: (db: Db) => Promise<unknown>;
  /**
   * false: `run` gets the database itself, outside any transaction or advisory lock, for a job
   * that claims its rows one by one under a lease and must not hold the connection while it
   * works (the data export streams large files). Default true: under the job's lock.
   */
  exclusive?: boolean;
};

/**
 * Runs a job under a PostgreSQL advisory lock held for one transaction, so several server
 * instances never run it at the same time. Returns false when another instance holds it.
 */
export async function runExclusive(db: Db, job: Pick<Job, 'lockKey' | 'run'>, open: OpenTransaction): Promise<boolean> {
  return open(db, async (tx) => {
    const result = (await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${job.lockKey}) AS locked`)) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return false;
    await job.run(tx);
    return true;
  });
}

/** An in-process scheduler: each job runs soon after start and then every interval. */
export type JobOutcome = 'ran' | 'skipped' | 'failed';

export function startScheduler(
  db: Db,
  jobs: Job[],
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  open: OpenTransaction,
  onRun?: (job: string, outcome: JobOutcome, seconds: number) => void,
): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    const tick = () => {
      if (stopped) return;
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      const run = (job.exclusive === false ? job.run(db).then(() => true) : runExclusive(db, job, open))
        .then((ran) => {
          onRun?.(job.name, ran ? 'ran' : 'skipped', seconds());
          if (ran) log.info({ job: job.name }, 'job finished');
        })
        .catch((error: unknown) => {
          onRun?.(job.name, 'failed', seconds());
          log.error({ job: job.name, err: { message: (error as Error).message } }, 'job failed');
        });
      running.add(run);
      void run.finally(() => running.delete(run));
    };
    const first = setTimeout(tick, 5_000);
    first.unref();
    const every = setInterval(tick, job.intervalMs);
    every.unref();
    timers.push(first, every);
  }
  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.allSettled([...running]);
  };
}
