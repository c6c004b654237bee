import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shape of src/server (docs/architecture.md): infrastructure (infra/) beside one folder per
 * feature and the composition roots (app.ts, main.ts, runtime.ts, mail-extras.ts, cli/). No
 * module loads itself through others; infrastructure loads no feature; the side-effect rules
 * (domain-events/) sit below the features.
 */
const SERVER = path.resolve('src/server');
const INFRA = path.join(SERVER, 'infra') + path.sep;
/** The test support builds the whole app for the tests, so it may load features. */
const TEST_SUPPORT = path.join(INFRA, 'testing') + path.sep;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The files a module loads at run time: relative imports and re-exports, not `import type`. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'(\.[^']+)'/gms)) {
    const target = path.resolve(path.dirname(file), match[1]!);
    const resolved = [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')].find((c) => existsSync(c));
    if (resolved) found.push(resolved);
  }
  return found;
}

/** Groups of modules that import each other in a circle (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(path.relative(SERVER, w));
    } while (w !== v);
    if (group.length > 1) out.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('server imports', () => {
  const graph = new Map(sources(SERVER).map((file) => [file, runtimeImports(file)]));

  it('form no circle: no module is loaded, through others, by what it loads', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const a = path.join(SERVER, 'a.ts');
    const b = path.join(SERVER, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });

  it('keep the infrastructure free of features and of the side-effect rules', () => {
    expect(graph.size).toBeGreaterThan(100);
    const reaches = [...graph]
      .filter(([file]) => file.startsWith(INFRA) && !file.startsWith(TEST_SUPPORT))
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => target.startsWith(SERVER) && !target.startsWith(INFRA))
          .map((target) => `${path.relative(SERVER, file)} -> ${path.relative(SERVER, target)}`),
      );
    expect(reaches).toEqual([]);
  });

  it('keep the domain events below the features: they load only the infrastructure', () => {
    const allowed = [path.join(SERVER, 'domain-events') + path.sep, INFRA];
    const imported = [...graph]
      .filter(([file]) => file.startsWith(path.join(SERVER, 'domain-events') + path.sep))
      .flatMap(([, targets]) => targets)
      .filter((target) => target.startsWith(SERVER) && !allowed.some((dir) => target.startsWith(dir)));
    expect(imported.map((target) => path.relative(SERVER, target))).toEqual([]);
  });

  it('register routes only in files named as routes files (features; the infrastructure serves its own few)', () => {
    const misnamed = sources(SERVER)
      .filter((file) => !file.startsWith(INFRA) && /FastifyPluginAsync/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SERVER, file))
      .filter((file) => !/(^|\/|-)routes\.ts$/.test(file) && file !== 'app.ts' && file !== 'test-routes.ts');
    expect(misnamed).toEqual([]);
  });
});
