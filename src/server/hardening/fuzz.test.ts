import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ZodTypeAny } from 'zod';
import {
  createTestContext,
  createTestAdmin,
  createTestClient,
  createTestLawyer,
  tokenFor,
  bearer,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';

/**
 * Fuzz test: every route the app registers (`app.routeList`), as an anonymous user,
 * a signed-in client and the client's lawyer, gets property-based bodies, queries and params
 * generated from the route's zod schemas (fast-check), plus fixed nasty inputs (NUL bytes,
 * huge strings, odd unicode, wrong types, malformed JSON and multipart). No answer may be a 5xx.
 * An admin joins them, and every route gets bodies its schema accepts with one string at a time
 * given a lone surrogate (`"\ud800"`): none may be a 5xx or be accepted.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

type Shape = Record<string, ZodTypeAny>;
type Def = { typeName?: string; [key: string]: unknown };

const isZod = (value: unknown): value is ZodTypeAny =>
  typeof value === 'object' && value !== null && '_def' in value && 'safeParse' in value;

/** A fast-check arbitrary of values shaped like a zod schema, mixed with arbitrary JSON so wrong types come too. */
function fromZod(schema: ZodTypeAny, depth = 0): fc.Arbitrary<unknown> {
  const def = schema._def as Def;
  const inner = (key: string) => fromZod(def[key] as ZodTypeAny, depth + 1);
  switch (def.typeName) {
    case 'ZodString':
      return fc.oneof(
        fc.string(),
        fc.uuid(),
        fc.emailAddress(),
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.constantFrom('', ' ', 'x'.repeat(300)),
      );
    case 'ZodNumber':
      return fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2));
    case 'ZodBigInt':
      return fc.integer();
    case 'ZodBoolean':
      return fc.boolean();
    case 'ZodDate':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'ZodLiteral':
      return fc.constant(def.value);
    case 'ZodEnum':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'ZodNativeEnum':
      return fc.constantFrom(...Object.values(def.values as object));
    case 'ZodOptional':
    case 'ZodNullable':
      return fc.oneof(inner('innerType'), fc.constant(def.typeName === 'ZodOptional' ? undefined : null));
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
    case 'ZodBranded':
      return inner(def.typeName === 'ZodBranded' ? 'type' : 'innerType');
    case 'ZodEffects':
      return inner('schema');
    case 'ZodPipeline':
      return inner('in');
    case 'ZodLazy':
      return depth > 3 ? fc.jsonValue({ maxDepth: 1 }) : fromZod((def.getter as () => ZodTypeAny)(), depth + 1);
    case 'ZodArray':
      return depth > 3 ? fc.constant([]) : fc.array(inner('type'), { maxLength: 4 });
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion': {
      const options = (
        Array.isArray(def.options) ? def.options : [...(def.options as Map<unknown, ZodTypeAny>).values()]
      ) as ZodTypeAny[];
      return fc.oneof(...options.map((o) => fromZod(o, depth + 1)));
    }
    case 'ZodRecord':
      return fc.dictionary(fc.string({ maxLength: 10 }), inner('valueType'), { maxKeys: 4 });
    case 'ZodObject': {
      const shape = (def.shape as () => Shape)();
      const record = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, fromZod(value, depth + 1)]));
      return fc.record(record, { requiredKeys: [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const arbitraryFor = (schema: unknown): fc.Arbitrary<unknown> =>
  isZod(schema)
    ? fc.oneof({ weight: 4, arbitrary: fromZod(schema) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) })
    : fc.jsonValue({ maxDepth: 2 });

const shapeKeys = (schema: unknown): string[] => {
  if (!isZod(schema)) return [];
  let current: ZodTypeAny = schema;
  for (let i = 0; i < 5 && (current._def as Def).typeName === 'ZodEffects'; i++)
    current = (current._def as Def).schema as ZodTypeAny;
  const def = current._def as Def;
  return def.typeName === 'ZodObject' ? Object.keys((def.shape as () => Shape)()) : [];
};

const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(200_000),
  '\uD800',
  '\u202Eevil.exe\u202C',
  '\uFEFF\u200B\u{1F600}\u0301\u0301\u0301',
  '\u001B[31m\r\n\t',
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '%00%ff%',
];
const NASTY_VALUES: unknown[] = [
  ...NASTY_STRINGS,
  null,
  42,
  -1e308,
  true,
  [],
  {},
  [[[[[]]]]],
  { __proto__: { admin: true } },
  { constructor: { prototype: {} } },
];

const MALFORMED_JSON = [
  '{"a":',
  '{"a":"\u0000"}',
  'null',
  '[]',
  '"x"',
  '1e99999',
  '{"__proto__":{"x":1}}',
  '\uFEFF{}',
  '',
];

function malformedMultipart(): { payload: Buffer | string; headers: Record<string, string> }[] {
  const good = multipart({ title: 'Fuzz' }, [
    { filename: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  const boundary = /boundary=(.*)$/.exec(good.headers['content-type']!)![1]!;
  const ct = (value: string) => ({ 'content-type': value });
  return [
    { payload: good.payload.subarray(0, good.payload.length - 20), headers: good.headers },
    { payload: good.payload, headers: ct('multipart/form-data') },
    { payload: good.payload, headers: ct('multipart/form-data; boundary=other') },
    { payload: 'not multipart at all', headers: good.headers },
    {
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
        `filename="a\u0000.pdf"\r\n\r\nxx\r\n--${boundary}--\r\n`,
      headers: good.headers,
    },
    {
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; ` +
        `filename="${'\u202E'.repeat(3)}${'x'.repeat(5000)}.pdf"\r\n\r\n\r\n--${boundary}--\r\n`,
      headers: good.headers,
    },
    {
      payload: `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nxx\r\n--${boundary}--\r\n`,
      headers: good.headers,
    },
    { payload: `--${boundary}\r\n${'X-Junk: y\r\n'.repeat(2000)}\r\n--${boundary}--\r\n`, headers: good.headers },
    { payload: multipart({ title: 'a\u0000b' }, [{ filename: 'a.pdf', data: '' }]).payload, headers: good.headers },
    multipart(
      Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'v'])),
      Array.from({ length: 5 }, (_, i) => ({ filename: `f${i}.pdf`, data: 'x' })),
    ),
  ];
}

/** Every path to a string inside a JSON value. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

function withLoneSurrogate(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return `${value as string}\uD800`;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = withLoneSurrogate(copy[head], rest);
  return copy;
}

/**
 * Bodies the route's schema accepts (sampled from it, fixed seed), each with one of its strings
 * given a lone surrogate: past the types and the other checks, only the surrogate is wrong.
 */
function loneSurrogateBodies(schema: unknown): unknown[] {
  if (!isZod(schema)) return [];
  const valid = fc
    .sample(fromZod(schema), { numRuns: 300, seed: 11 })
    .filter((value) => schema.safeParse(value).success && stringPaths(value).length > 0);
  return valid.slice(0, 2).flatMap((value) => stringPaths(value).map((path) => withLoneSurrogate(value, path)));
}

const toQuery = (value: unknown): string => {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return value === undefined ? '' : `?q=${encodeURIComponent(JSON.stringify(value))}`;
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Percent-encodes a path segment; a lone surrogate goes in as its raw (invalid UTF-8) bytes. */
const encodePath = (value: string): string => {
  try {
    return encodeURIComponent(value);
  } catch {
    return `%ED%A0%80${encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, ''))}`;
  }
};

type Actor = { name: string; headers: Record<string, string>; caseId: string; userId: string };

async function actors(): Promise<Actor[]> {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { lawyerIds: [lawyer.id] });
  const admin = await createTestAdmin(ctx);
  return [
    { name: 'anonymous', headers: {}, caseId: client.caseId, userId: client.id },
    { name: 'client', headers: bearer(await tokenFor(ctx, client.id)), caseId: client.caseId, userId: client.id },
    { name: 'lawyer', headers: bearer(await tokenFor(ctx, lawyer.id)), caseId: client.caseId, userId: lawyer.id },
    { name: 'admin', headers: bearer(admin.token), caseId: client.caseId, userId: lawyer.id },
  ];
}

describe('fuzz: no route answers 5xx', () => {
  it('enumerates the routes from the app', () => {
    expect(ctx.app.routeList.length).toBeGreaterThan(20);
  });

  // The route list exists only once the app is built (in beforeAll), so all routes run in one test; a failure names
  // route, actor and input.
  it('answers every route below 500 for generated and nasty input', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    let requests = 0;
    let surrogateBodies = 0;
    const multipartCases = malformedMultipart();
    for (const route of ctx.app.routeList) {
      const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      for (const actor of await actors()) {
        const send = async (
          params: Record<string, string>,
          query: string,
          body: { payload: string | Buffer; headers: Record<string, string> } | undefined,
          label: string,
        ) => {
          const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodePath(params[name] ?? 'x')) + query;
          requests++;
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...actor.headers, ...(body?.headers ?? {}) },
            ...(body ? { payload: body.payload } : {}),
          });
          if (response.statusCode >= 500)
            failures.push(
              `${route.method} ${route.url} as ${actor.name} ` +
                `(${label}): ${response.statusCode} ${response.body.slice(0, 200)} — ${url.slice(0, 200)}`,
            );
          return response.statusCode < 500;
        };
        const ownIds = [actor.caseId, actor.userId, '00000000-0000-0000-0000-000000000000'];
        const paramArb = fc.record(
          Object.fromEntries(
            paramNames.map((name) => [
              name,
              fc.oneof(fc.constantFrom(...ownIds), fc.uuid(), fc.string({ minLength: 1 })),
            ]),
          ),
        ) as fc.Arbitrary<Record<string, string>>;
        const json = (value: unknown) => ({
          payload: JSON.stringify(value) ?? 'null',
          headers: { 'content-type': 'application/json' },
        });

        // Property-based: generated from the route's schemas.
        const before = failures.length;
        await fc
          .assert(
            fc.asyncProperty(
              paramArb,
              arbitraryFor(route.schema?.querystring),
              arbitraryFor(route.schema?.body),
              async (params, query, body) =>
                send(
                  params,
                  toQuery(query),
                  hasBody ? json(body) : undefined,
                  `generated ${JSON.stringify(body)?.slice(0, 80)}`,
                ),
            ),
            { numRuns: RUNS },
          )
          .catch((error: unknown) => {
            // A 5xx is already in the failures with its input; anything else (a thrown inject) is recorded here.
            if (failures.length === before)
              failures.push(`${route.method} ${route.url} as ${actor.name}: ${String(error).slice(0, 300)}`);
          });

        // Fixed nasty inputs: in the path, in each query key, as the body, in each body key.
        const base = Object.fromEntries(paramNames.map((name) => [name, actor.caseId]));
        const bodyKeys = shapeKeys(route.schema?.body);
        const queryKeys = shapeKeys(route.schema?.querystring);
        for (const nasty of NASTY_STRINGS.slice(0, 6)) {
          if (paramNames.length)
            await send(Object.fromEntries(paramNames.map((name) => [name, nasty])), '', undefined, 'nasty param');
        }
        for (const nasty of NASTY_VALUES) {
          const label = `nasty ${JSON.stringify(nasty)?.slice(0, 30)}`;
          if (queryKeys.length)
            await send(
              base,
              toQuery(Object.fromEntries(queryKeys.map((key) => [key, nasty]))),
              undefined,
              `${label} in query`,
            );
          if (!hasBody) continue;
          await send(base, '', json(nasty), `${label} as body`);
          if (bodyKeys.length)
            await send(base, '', json(Object.fromEntries(bodyKeys.map((key) => [key, nasty]))), `${label} in body`);
        }
        if (!hasBody) continue;
        for (const body of loneSurrogateBodies(route.schema?.body)) {
          const label = `lone surrogate ${JSON.stringify(body).slice(0, 80)}`;
          requests++;
          const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodePath(base[name] ?? 'x'));
          const response = await ctx.app.inject({
            method: route.method as 'POST',
            url,
            headers: { ...actor.headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          surrogateBodies++;
          if (response.statusCode >= 500 || response.statusCode < 400)
            failures.push(
              `${route.method} ${route.url} as ${actor.name} ` +
                `(${label}): ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
        }
        for (const text of MALFORMED_JSON)
          await send(
            base,
            '',
            { payload: text, headers: { 'content-type': 'application/json' } },
            `malformed json ${text}`,
          );
        await send(
          base,
          '',
          { payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
          'form body',
        );
        await send(base, '', { payload: '<x/>', headers: { 'content-type': 'text/xml; charset=bogus' } }, 'xml body');
        if (!route.schema?.body)
          for (const [i, body] of multipartCases.entries()) await send(base, '', body, `malformed multipart ${i}`);
      }
    }
    expect(failures).toEqual([]);
    // The schemas really are read: most routes with a body have a zod object schema whose keys get nasty values.
    const withZodBody = ctx.app.routeList.filter((r) => shapeKeys(r.schema?.body).length > 0).length;
    expect(withZodBody).toBeGreaterThan(10);
    expect(surrogateBodies).toBeGreaterThan(100);
    console.info(
      `fuzz: ${ctx.app.routeList.length} routes (${withZodBody} with a zod body schema), ${requests} ` +
        `requests, ${surrogateBodies} with a lone surrogate`,
    );
  });
});
