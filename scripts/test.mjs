// `npm test`: typecheck, lint and the production build side by side, unit and server tests on
// PGlite, the server suite again on PostgreSQL when DATABASE_URL is set, then the browser journeys.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const results = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests by name, printed again at the very end: CI shows only the tail of the output. */
const failures = [];
const firstLine = (text) => stripVTControlCharacters(String(text ?? '')).split('\n')[0].slice(0, 300);
const reportDir = mkdtempSync(path.join(tmpdir(), 'portal-test-report-'));
const withoutDb = { ...process.env };
delete withoutDb.DATABASE_URL;

function step(title, command, args, env = process.env) {
  process.stdout.write(`\n▶ ${title}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  process.stdout.write(`  ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return result.status === 0;
}

function vitest(title, projects, env) {
  const report = path.join(reportDir, `${title.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile=${report}`];
  const ok = step(title, 'npx', args, env);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    results.passed += json.numPassedTests;
    results.failed += json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
    results.skipped += json.numPendingTests + json.numTodoTests;
    for (const file of json.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${title}: ${path.relative(process.cwd(), file.name)} > ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`);
      }
      if (failedTests.length === 0 && file.status === 'failed') {
        failures.push(`${title}: ${path.relative(process.cwd(), file.name)}\n      ${firstLine(file.message)}`);
      }
    }
  } else if (!ok) results.failed += 1;
  return ok;
}

/**
 * Runs several commands at once (each reads the sources only), printing each one's output as a
 * block when it ends, so the blocks do not interleave. Resolves true when all passed.
 */
async function together(steps) {
  const started = Date.now();
  const outcomes = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            process.stdout.write(`\n▶ ${title}\n${Buffer.concat(output).toString()}`);
            process.stdout.write(`  ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
            resolve(code === 0);
          });
        }),
    ),
  );
  return outcomes.every(Boolean);
}

const steps = [
  // Typecheck and lint only read the sources, and the build (for the journeys) only writes
  // dist/: side by side, while no test runs yet.
  () =>
    together([
      { title: 'typecheck', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
      { title: 'lint', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
      { title: 'build', command: 'npm', args: ['run', 'build'] },
    ]),
  () => vitest('unit, web and server tests (PGlite)', ['contract', 'web', 'server'], withoutDb),
  () => (process.env.DATABASE_URL ? vitest('server tests (PostgreSQL)', ['server'], process.env) : true),
  () => vitest('browser journeys (Chromium)', ['e2e'], withoutDb),
  // Two instances behind HAProxy, and injected faults (issue 16); they need a PostgreSQL server.
  () => (process.env.DATABASE_URL ? vitest('multi-instance and fault tests', ['scale'], process.env) : true),
];

let ok = true;
const suiteStarted = Date.now();
for (const run of steps) {
  if (!(await run())) {
    ok = false;
    if (results.passed + results.failed === 0) break; // typecheck or lint failed: stop early
  }
}
process.stdout.write(`\nwhole suite: ${((Date.now() - suiteStarted) / 60_000).toFixed(1)} min`);
for (const failure of failures) process.stdout.write(`\n✗ ${failure}`);
process.stdout.write(`\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}\n`);
process.exit(ok && results.failed === 0 ? 0 : 1);
