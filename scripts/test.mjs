// `npm test`: everything (typecheck, lint, build; unit and web tests; the server tests, on
// PostgreSQL with DATABASE_URL (the driver's own files on PGlite too), else on PGlite; the slow
// tests; the browser journeys; with DATABASE_URL the multi-instance and fault tests). `npm run test:quick` (`--quick`):
// the inner loop, without PostgreSQL, the slow tests
// and all journeys but the smoke journey. docs/testing.md describes both.
//
// Each step starts as soon as what it needs has passed (the journeys after the build, the tests
// after the static checks), so a step's waiting (browsers, sockets, PostgreSQL) fills another's
// idle core. Each step's line gives its wall time and the CPU time it used (its processes and
// theirs), which hardly moves with the load of a shared machine; the last lines give the sums.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const quick = process.argv.includes('--quick');
const suiteStarted = Date.now();
const results = { passed: 0, failed: 0, skipped: 0 };
/** Failed tests by name, printed again at the very end: CI shows only the tail of the output. */
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')[0]
    .slice(0, 300);
const reportDir = mkdtempSync(path.join(tmpdir(), 'portal-test-report-'));
const withoutDb = { ...process.env };
delete withoutDb.DATABASE_URL;
const databaseUrl = quick ? undefined : process.env.DATABASE_URL;
// ESLint's and TypeScript's caches (git-ignored): a second run checks only what changed.
mkdirSync('.cache', { recursive: true });

/**
 * CPU seconds used by this process's finished children and theirs (/proc/self/stat: cutime and
 * cstime, in clock ticks of 1/100 s on Linux). Undefined where /proc is missing.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/**
 * The whole machine's CPU time so far (/proc/stat's first line, in clock ticks of 1/100 s):
 * busy (user, nice, system, interrupts) and idle (idle, iowait), in seconds. It counts what the
 * runner's own CPU line cannot (Chromium's processes are not its children), and tells whether
 * the run kept both cores busy. Undefined where /proc is missing.
 */
function machineCpuSeconds() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { busy: (user + nice + system + irq + softirq) / 100, idle: (idle + iowait) / 100 };
  } catch {
    return undefined;
  }
}
const machineAtStart = machineCpuSeconds();

/**
 * Runs one command, its output kept and printed as one block when it ends (steps side by side do
 * not interleave). Its CPU time is read through /usr/bin/time when present. Resolves true when it passed.
 */
function run({ title, command, args, env = process.env, report }) {
  const started = Date.now();
  const timeFile = path.join(reportDir, `${title.replace(/\W+/g, '-')}.time`);
  const timed = existsSync('/usr/bin/time');
  return new Promise((resolve) => {
    const child = spawn(
      timed ? '/usr/bin/time' : command,
      timed ? ['-f', '%U %S', '-o', timeFile, command, ...args] : args,
      { stdio: ['ignore', 'pipe', 'pipe'], env },
    );
    const output = [];
    const keep = (chunk) => output.push(chunk);
    process.stdout.write(`  ${title}: started at ${((started - suiteStarted) / 1000).toFixed(0)} s\n`);
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => {
      const ok = code === 0;
      let cpu = '';
      if (timed && existsSync(timeFile)) {
        const [user, system] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        if (Number.isFinite(user + system)) cpu = `, CPU ${(user + system).toFixed(0)} s`;
      }
      process.stdout.write(`\n▶ ${title}\n${Buffer.concat(output).toString()}`);
      process.stdout.write(
        `  ${title}: ${ok ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s${cpu}\n`,
      );
      if (report) count(title, ok, report);
      else if (!ok) failures.push(`${title} failed`);
      resolve(ok);
    });
  });
}

/** Adds a Vitest JSON report to the totals and the list of failures. */
function count(title, ok, report) {
  if (!existsSync(report)) {
    if (!ok) results.failed += 1;
    if (!ok) failures.push(`${title}: Vitest ended without a report`);
    return;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  results.passed += json.numPassedTests;
  results.failed += json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1);
  results.skipped += json.numPendingTests + json.numTodoTests;
  for (const file of json.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      failures.push(
        `${title}: ${path.relative(process.cwd(), file.name)} > ${test.fullName}\n` +
          `      ${firstLine(test.failureMessages?.[0])}`,
      );
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      failures.push(`${title}: ${path.relative(process.cwd(), file.name)}\n      ${firstLine(file.message)}`);
    }
  }
}

/** A Vitest run of some projects (and optionally some files) as a step. */
function vitest(title, projects, env, files = [], options = []) {
  const report = path.join(reportDir, `${title.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...files,
    ...options,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ];
  return { title, command: 'npx', args, env, report };
}

const pg = databaseUrl ? { ...process.env, DATABASE_URL: databaseUrl } : undefined;
const staticChecks = [
  {
    title: 'typecheck',
    command: 'npx',
    args: [
      'tsc',
      '--noEmit',
      '-p',
      'tsconfig.json',
      '--incremental',
      '--tsBuildInfoFile',
      '.cache/tsconfig.tsbuildinfo',
    ],
  },
  {
    title: 'lint',
    command: 'npx',
    args: ['eslint', '--max-warnings', '0', '--cache', '--cache-location', '.cache/eslint', '.'],
  },
  {
    title: 'format',
    command: 'npx',
    args: ['prettier', '--check', '--log-level', 'warn', '--cache', '--cache-location', '.cache/prettier', '.'],
  },
];

/**
 * The server test files that are about the database driver itself (PGlite or PostgreSQL). With
 * DATABASE_URL the whole server suite runs once, on PostgreSQL, and these files also run on
 * PGlite; the journeys run the product on PGlite, and the inner loop runs the suite on PGlite.
 */
const DRIVER_FILES = [
  'src/server/infra/db/',
  'src/server/infra/errors/classify.test.ts',
  'src/server/infra/config/config.test.ts',
  'src/server/cli/cli.test.ts',
  'src/server/cases/case-list.test.ts',
  'src/server/hardening/outage.test.ts',
  'src/server/infra/outbox/instances.test.ts',
];

/**
 * Each step starts as soon as the steps it needs (`after`) have passed, not when a whole stage
 * has ended: the journeys need only the build, the tests only the static checks. So the build's
 * and the journeys' waiting (browsers, sockets, PostgreSQL) fills the cores the CPU-bound steps
 * leave idle, and no step waits for an unrelated one's tail. A step whose needs failed is not run.
 */
const needs = (step, ...after) => ({ ...step, after });
// The build (for the journeys) only writes dist/ while the checks only read the sources.
const build = { title: 'build', command: 'npm', args: ['run', 'build'] };
const afterChecks = ['typecheck', 'lint', 'format'];
const steps = quick
  ? [
      ...staticChecks,
      build,
      needs(vitest('unit, web and server tests (PGlite)', ['contract', 'web', 'server'], withoutDb), ...afterChecks),
      // The smoke journey mostly waits on its browser and server: beside the CPU-bound tests.
      needs(vitest('smoke journey (Chromium)', ['e2e'], withoutDb, ['e2e/smoke.spec.ts']), 'build'),
    ]
  : [
      ...staticChecks,
      build,
      // CPU-bound tests; the server suite once, on PostgreSQL when there is one.
      ...(pg
        ? [
            needs(
              vitest('unit and web tests, server tests (PostgreSQL)', ['contract', 'web', 'server', 'sweep'], pg),
              ...afterChecks,
            ),
            needs(vitest('driver tests (PGlite)', ['server'], withoutDb, DRIVER_FILES), ...afterChecks),
          ]
        : [
            needs(
              vitest('unit, web and server tests (PGlite)', ['contract', 'web', 'server', 'sweep'], withoutDb),
              ...afterChecks,
            ),
          ]),
      // The journeys after the CPU-bound suites (beside them, on two cores, the suites' own
      // timeouts fire): the longest step, and a good part of it waiting on browsers and
      // products. Three journey files at a time; three forks from the start: a fork ended as idle
      // would take its shared product down with it.
      needs(
        vitest('browser journeys (Chromium)', ['e2e'], withoutDb, [], ['--maxWorkers=3', '--minWorkers=3']),
        'build',
        ...(pg
          ? ['unit and web tests, server tests (PostgreSQL)', 'driver tests (PGlite)']
          : ['unit, web and server tests (PGlite)']),
      ),
      // The slow tests (sockets and timers) after the server suite, beside the journeys;
      // with PostgreSQL the multi-instance and fault tests too (two instances of the build
      // behind HAProxy).
      needs(
        vitest(
          pg ? 'slow, multi-instance and fault tests (PostgreSQL)' : 'slow tests (PGlite)',
          pg ? ['slow', 'scale'] : ['slow'],
          pg ?? withoutDb,
        ),
        ...(pg ? ['build', 'unit and web tests, server tests (PostgreSQL)'] : ['unit, web and server tests (PGlite)']),
      ),
    ];

const outcomes = new Map();
for (const step of steps) {
  const before = (step.after ?? []).map((title) => outcomes.get(title));
  outcomes.set(
    step.title,
    Promise.all(before).then((passed) => {
      if (passed.every(Boolean)) return run(step);
      failures.push(`${step.title} not run: ${step.after.join(', ')} did not all pass`);
      return false;
    }),
  );
}
const ok = (await Promise.all(outcomes.values())).every(Boolean);
const cpu = childCpuSeconds();
const machineAtEnd = machineCpuSeconds();
const machine =
  machineAtStart && machineAtEnd
    ? `; the machine busy ${((machineAtEnd.busy - machineAtStart.busy) / 60).toFixed(1)} CPU-min, ` +
      `idle ${((machineAtEnd.idle - machineAtStart.idle) / 60).toFixed(1)} CPU-min`
    : '';
process.stdout.write(
  `\n${quick ? 'inner loop' : 'whole suite'}: ${((Date.now() - suiteStarted) / 60_000).toFixed(1)} ` +
    `min${cpu === undefined ? '' : `, CPU ${(cpu / 60).toFixed(1)} min`}${machine}`,
);
for (const failure of failures) process.stdout.write(`\n✗ ${failure}`);
process.stdout.write(
  `\n${results.passed} passed, ${results.failed} failed${results.skipped ? `, ${results.skipped} skipped` : ''}\n`,
);
process.exit(ok && results.failed === 0 ? 0 : 1);
