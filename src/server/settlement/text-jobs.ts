import { Piscina } from 'piscina';
import type { Redline } from '../../contract/rules/redline';
import type { RefusalReason } from './extract-text';
import type { TextJob, TextJobResult } from './text-worker';

/**
 * The limits of the text worker, beside those of the extraction itself (EXTRACTION_LIMITS):
 * at most `threads` jobs at once per instance (the others wait their turn), each in a worker
 * thread whose JavaScript heap may grow to `heapMb` (old generation; its young generation
 * `youngMb`, its stack `stackMb`), ended after `timeoutMs` from the moment it starts. A worker
 * past a limit is ended; the server and the other requests go on. Why a worker thread and these
 * numbers: docs/decisions/056-isolated-text-extraction-and-stored-redline.md.
 */
export const TEXT_WORKER_LIMITS = {
  threads: 2,
  heapMb: 256,
  youngMb: 32,
  stackMb: 4,
  timeoutMs: 20_000,
  idleMs: 30_000,
};
export type TextWorkerLimits = typeof TEXT_WORKER_LIMITS;

/** Why a job gave no text: the file's own refusal, or a limit of the worker (time, memory). */
export type TextJobFailure = RefusalReason | 'timeout' | 'memory';

export class TextJobFailed extends Error {
  constructor(readonly reason: TextJobFailure) {
    super(reason);
  }
}

export type TextWorkers = {
  /** The text (the file's, or the one given) and its redline; throws TextJobFailed. */
  run: (job: TextJob) => Promise<{ text: string; redline: Redline }>;
  destroy: () => Promise<void>;
};

/**
 * The worker module: the bundle's `text-worker.js` beside main.js, or from source (tsx, Vitest)
 * the TypeScript module through its small loader.
 */
const defaultWorker = import.meta.url.endsWith('.ts')
  ? new URL('./text-worker.dev.mjs', import.meta.url).href
  : new URL('./text-worker.js', import.meta.url).href;

export function createTextWorkers(
  options: { filename?: string; limits?: Partial<TextWorkerLimits> } = {},
): TextWorkers {
  const limits = { ...TEXT_WORKER_LIMITS, ...options.limits };
  const pool = new Piscina({
    filename: options.filename ?? defaultWorker,
    minThreads: 0,
    maxThreads: limits.threads,
    idleTimeout: limits.idleMs,
    // The jobs are async (pdf.js, mammoth): the worker must not block on Atomics between them.
    atomics: 'disabled',
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: limits.youngMb,
      stackSizeMb: limits.stackMb,
    },
  });
  // Our own queue in front of the pool, so that a job's time counts from its start, not from its wait.
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running < limits.threads) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(job) {
      // The file's bytes move to the worker (transferred, not copied twice).
      const bytes = job.file ? new Uint8Array(job.file.bytes) : null;
      const task: TextJob = { ...job, file: job.file && bytes ? { ...job.file, bytes } : null };
      await acquire();
      let result: TextJobResult;
      try {
        result = (await pool.run(task, {
          signal: AbortSignal.timeout(limits.timeoutMs),
          transferList: bytes ? [bytes.buffer as ArrayBuffer] : [],
        })) as TextJobResult;
      } catch (error) {
        throw new TextJobFailed(failureOf(error));
      } finally {
        release();
      }
      if (!result.ok) throw new TextJobFailed(result.reason);
      return { text: result.text, redline: result.redline };
    },
    destroy: () => pool.destroy(),
  };
}

function failureOf(error: unknown): TextJobFailure {
  const e = error as { name?: string; code?: string; message?: string } | null;
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') return 'timeout';
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory|heap/i.test(e?.message ?? '')) return 'memory';
  return 'unreadable';
}

const shared = new Map<string, TextWorkers>();
/**
 * The instance's text workers for these limits (the configured ones: TEXT_WORKER_TIMEOUT_SECONDS,
 * TEXT_WORKER_MEMORY_MB), made on first use.
 */
export function textWorkers(limits: Partial<TextWorkerLimits> = {}): TextWorkers {
  const key = JSON.stringify({ ...TEXT_WORKER_LIMITS, ...limits });
  let workers = shared.get(key);
  if (!workers) {
    workers = createTextWorkers({ limits });
    shared.set(key, workers);
  }
  return workers;
}
