import { afterAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../infra/testing/settlement-files';
import { createTextWorkers, TextJobFailed } from './text-jobs';

const runaway = new URL('../infra/testing/runaway-worker.mjs', import.meta.url).href;

describe('text workers', () => {
  const workers = createTextWorkers();
  const hungry = createTextWorkers({ filename: runaway, limits: { heapMb: 64, timeoutMs: 60_000 } });
  const slow = createTextWorkers({ filename: runaway, limits: { timeoutMs: 1_000 } });
  afterAll(async () => {
    await workers.destroy();
    await hungry.destroy();
    await slow.destroy();
  });

  it('read a .docx and a .pdf in a worker thread and give the redline against the previous text', async () => {
    const docx = await workers.run({
      file: { extension: 'docx', bytes: await makeDocx(['Artikel 1. De vergoeding bedraagt EUR 24.500.']) },
      text: '',
      previous: 'Artikel 1. De vergoeding bedraagt EUR 18.000.',
    });
    expect(docx.text).toBe('Artikel 1. De vergoeding bedraagt EUR 24.500.');
    expect(docx.redline.parts).toEqual([
      { op: 'equal', text: 'Artikel 1. De vergoeding bedraagt EUR ' },
      { op: 'delete', text: '18.000' },
      { op: 'insert', text: '24.500' },
      { op: 'equal', text: '.' },
    ]);
    const pdf = await workers.run({
      file: { extension: 'pdf', bytes: await makePdf(['Artikel 1. Finale kwijting.']) },
      text: '',
      previous: null,
    });
    expect(pdf.redline).toEqual({
      parts: [{ op: 'insert', text: 'Artikel 1. Finale kwijting.' }],
      too_many_changes: false,
    });
  });

  it('refuse what cannot be read', async () => {
    const failure = await workers
      .run({ file: { extension: 'pdf', bytes: Buffer.from('geen pdf') }, text: '', previous: null })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TextJobFailed);
    expect((failure as TextJobFailed).reason).toBe('unreadable');
  });

  it('end a job that takes too much memory or time, while this thread keeps running', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 20);
    try {
      const hoard = await hungry.run({ file: null, text: 'hoard', previous: null }).catch((error: unknown) => error);
      expect((hoard as TextJobFailed).reason).toBe('memory');
      const spin = await slow.run({ file: null, text: 'spin', previous: null }).catch((error: unknown) => error);
      expect((spin as TextJobFailed).reason).toBe('timeout');
    } finally {
      clearInterval(timer);
    }
    // The event loop of the server's thread went on while the worker spun.
    expect(ticks).toBeGreaterThan(5);
  });
});
