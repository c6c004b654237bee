/**
 * What kind of failure an error is, looking through wrappers (Drizzle puts the driver's error
 * in `cause`). Only codes are read, never messages with SQL or parameters, except for the fixed
 * texts of the drivers and busboy that carry no data.
 */
export type FailureKind = 'unavailable' | 'disk_full' | 'unique' | 'bad_text' | 'conflict' | 'malformed_multipart';

const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EIO',
  'ENOTCONN',
]);
const DISK_FULL_ERRNO = new Set(['ENOSPC', 'EDQUOT']);
const UNAVAILABLE_DRIVER_TEXT = [
  /^timeout exceeded when trying to connect/i,
  /^Connection terminated/i,
  /^Client has encountered a connection error/i,
  /^Client was closed and is not queryable/i,
  /^Cannot use a pool after calling end/i,
  /^connect ECONNREFUSED/i,
  /^PGlite is closed/i,
  /^Database is unreachable/i,
];
const MALFORMED_MULTIPART_TEXT = [
  /^Unexpected end of (form|file|multipart data)/i,
  /^(Part|Preamble) terminated early/i,
  /^Malformed part header/i,
  /^Multipart: Boundary not found/i,
  /^Part terminated early/i,
  /^Malformed urlencoded form/i,
];
const MALFORMED_MULTIPART_CODES = new Set(['FST_INVALID_MULTIPART_CONTENT_TYPE', 'FST_MULTIPART_INVALID_CONTENT_TYPE']);

type Inspectable = {
  code?: unknown;
  errno?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  name?: unknown;
};

function* chain(error: unknown): Generator<Inspectable> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const item = current as Inspectable;
    yield item;
    queue.push(item.cause);
    if (Array.isArray(item.errors)) queue.push(...item.errors);
  }
}

/** The SQLSTATE, errno or Fastify code of an error (first found in its chain). */
export function errorCode(error: unknown): string | undefined {
  for (const item of chain(error)) if (typeof item.code === 'string' && item.code) return item.code;
  return undefined;
}

/**
 * SQLSTATEs of a database that refuses or drops the connection (the same codes from pg
 * and PGlite): 08xxx connection exception, 28xxx authorization refused (a password
 * or role changed under the running app), 3D000 the database does not exist (dropped or
 * renamed), 53300 too many connections, 55000 the database accepts no connections (ALTER
 * DATABASE … ALLOW_CONNECTIONS false), 57P01–57P03 administrator or crash shutdown, cannot
 * connect now. Nothing the request did wrong: 503 with Retry-After.
 */
export function isRefusedConnection(code: string): boolean {
  return (
    /^08[0-9A-Z]{3}$/.test(code) ||
    /^28[0-9A-Z]{3}$/.test(code) ||
    /^57P0[1-3]$/.test(code) ||
    code === '3D000' ||
    code === '53300' ||
    code === '55000'
  );
}

export function classifyFailure(error: unknown): FailureKind | null {
  for (const item of chain(error)) {
    const code = typeof item.code === 'string' ? item.code : '';
    const message = typeof item.message === 'string' ? item.message : '';
    if (DISK_FULL_ERRNO.has(code) || code === '53100') return 'disk_full';
    if (UNAVAILABLE_ERRNO.has(code)) return 'unavailable';
    if (isRefusedConnection(code)) return 'unavailable';
    if (code === '23505') return 'unique';
    if (code === '22021' || code === '22P05') return 'bad_text';
    if (code === '40001' || code === '40P01') return 'conflict';
    if (MALFORMED_MULTIPART_CODES.has(code) || MALFORMED_MULTIPART_TEXT.some((re) => re.test(message)))
      return 'malformed_multipart';
    if (UNAVAILABLE_DRIVER_TEXT.some((re) => re.test(message))) return 'unavailable';
  }
  return null;
}

const MULTIPART_LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT', 'FST_FILES_LIMIT']);

/**
 * True for a multipart body over the count limits of app.ts (parts, fields or files), which
 * @fastify/multipart raises with status 413 like a file over MAX_UPLOAD_MB: it is too many
 * parts, not a file too large, and answers so (errors.server.tooManyParts).
 */
export function isMultipartLimit(error: unknown): boolean {
  for (const item of chain(error))
    if (typeof item.code === 'string' && MULTIPART_LIMIT_CODES.has(item.code)) return true;
  return false;
}

/** What isClientAbort reads of Node's request (IncomingMessage). */
export type RequestStream = {
  aborted?: boolean;
  destroyed?: boolean;
  complete?: boolean;
  socket?: { destroyed?: boolean } | null;
};

const CLIENT_ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);
const CLIENT_ABORT_TEXT = /^(aborted|Premature close|Request aborted)$/i;

/**
 * True when reading the request body failed because the client went away: it hung up, or its
 * connection was closed for sending nothing (BODY_IDLE_TIMEOUT_SECONDS). Only while the body is
 * still incomplete and its connection gone: an ECONNRESET after the whole body arrived comes from
 * the database or storage, and is an outage.
 */
export function isClientAbort(error: unknown, request: RequestStream): boolean {
  if (request.complete) return false;
  if (!(request.aborted === true || request.destroyed === true || request.socket?.destroyed === true)) return false;
  for (const item of chain(error)) {
    if (typeof item.code === 'string' && CLIENT_ABORT_CODES.has(item.code)) return true;
    if (typeof item.message === 'string' && CLIENT_ABORT_TEXT.test(item.message)) return true;
  }
  return false;
}

/** The stack frames of an error without its message (which may hold SQL parameters). */
export function framesOf(error: unknown): string | undefined {
  const stack = (error as { stack?: unknown } | null)?.stack;
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 12)
    .join('\n');
}
