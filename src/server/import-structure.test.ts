import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shape of src/server (docs/architecture.md): infrastructure folders beside one folder per
 * feature. Infrastructure never imports a feature, and no two modules import each other in a
 * circle at run time (a type-only import is erased and does not count).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

/** The infrastructure: what every feature builds on, and which knows no feature. */
export const INFRASTRUCTURE = [
  'config',
  'db',
  'errors',
  'events',
  'files',
  'http',
  'jobs',
  'lib',
  'metrics',
  'outbox',
  'storage',
] as const;

/**
 * Where infrastructure still reaches into the rest, a known step still to take: the mail worker
 * and the job scheduler run their transactions through the side-effect rules' `withEvents`.
 */
const KNOWN_EXCEPTIONS = new Set([
  'outbox/worker.ts -> domain-events/index.ts',
  'jobs/scheduler.ts -> domain-events/index.ts',
]);

/**
 * Not checked as infrastructure: the composition roots (app.ts, main.ts, runtime.ts, cli/,
 * test-routes.ts) put everything together, and testing/ builds the whole app for the tests.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The server modules a file imports at run time, as paths relative to src/server. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/^\s*import\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm),
    ...source.matchAll(/^\s*export\s+(?!type\s)[^'";]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
  ].map((match) => match[1] as string);
  const found: string[] = [];
  for (const specifier of specifiers) {
    const base = path.resolve(path.dirname(file), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
    const target = candidates.find((candidate) => {
      try {
        return readFileSync(candidate) !== undefined;
      } catch {
        return false;
      }
    });
    if (target && target.startsWith(`${here}${path.sep}`)) found.push(path.relative(here, target));
  }
  return found;
}

const files = sourceFiles(here);
const graph = new Map(files.map((file) => [path.relative(here, file), runtimeImports(file)]));
const folderOf = (module: string) => module.split(path.sep)[0] as string;
const isInfrastructure = (module: string) =>
  module.includes(path.sep) && (INFRASTRUCTURE as readonly string[]).includes(folderOf(module));

describe('the import structure of src/server', () => {
  it('finds the modules and their imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('main.ts')).toContain('runtime.ts');
  });

  it('keeps infrastructure free of features (but for the known steps still to take)', () => {
    const reaches: string[] = [];
    for (const [module, imports] of graph) {
      if (!isInfrastructure(module)) continue;
      for (const target of imports) {
        if (!isInfrastructure(target)) reaches.push(`${module} -> ${target}`);
      }
    }
    expect(reaches.filter((line) => !KNOWN_EXCEPTIONS.has(line))).toEqual([]);
    // An exception that no longer happens leaves the list.
    expect([...KNOWN_EXCEPTIONS].filter((line) => !reaches.includes(line))).toEqual([]);
  });

  it('has no circle of run-time imports', () => {
    // Tarjan's strongly connected components: a component of more than one module is a circle.
    let index = 0;
    const indices = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (module: string) => {
      indices.set(module, index);
      low.set(module, index);
      index++;
      stack.push(module);
      onStack.add(module);
      for (const target of graph.get(module) ?? []) {
        if (!indices.has(target)) {
          visit(target);
          low.set(module, Math.min(low.get(module) as number, low.get(target) as number));
        } else if (onStack.has(target)) {
          low.set(module, Math.min(low.get(module) as number, indices.get(target) as number));
        }
      }
      if (low.get(module) === indices.get(module)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== module);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const module of graph.keys()) if (!indices.has(module)) visit(module);
    expect(circles).toEqual([]);
  });
});
