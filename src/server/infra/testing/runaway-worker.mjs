// A worker for the tests of the text worker's limits (settlement/text-jobs.test.ts): its job
// takes all the memory it can ('hoard') or all the time ('spin'), as a hostile file would.
export default function run(job) {
  if (job.text === 'hoard') {
    const hoard = [];
    for (;;) hoard.push(Array.from({ length: 100_000 }, (_, i) => `${i}-${hoard.length}`));
  }
  for (;;);
}
