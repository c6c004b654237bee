import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .url()
      .refine(
        (url) => URL.canParse(url) && protocols.includes(new URL(url).protocol),
        `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
      )
      .optional(),
  );
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const url = (fallback: string) => z.preprocess(emptyToUndefined, z.string().url().default(fallback));

export const EnvSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: int(3000, 0, 65535),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Ontslagportaal <portaal@ontslagportaal.nl>')),
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  MAX_UPLOAD_MB: int(100, 1, 10_240),
  HEADERS_TIMEOUT_SECONDS: int(10, 1, 600),
  BODY_IDLE_TIMEOUT_SECONDS: int(30, 1, 3_600),
  BODY_MIN_RATE_KB_PER_SECOND: int(10, 0, 1_000_000),
  BODY_MIN_RATE_WINDOW_SECONDS: int(60, 1, 3_600),
  UPLOADS_PER_USER: int(3, 1, 1_000),
  UPLOADS_PER_INSTANCE: int(50, 1, 100_000),
  TEXT_WORKER_TIMEOUT_SECONDS: int(20, 1, 600),
  TEXT_WORKER_MEMORY_MB: int(256, 16, 4_096),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TOKEN_IDLE_MINUTES: int(30, 1, 60 * 24 * 30),
  TOKEN_TTL_HOURS: int(12, 1, 24 * 365),
  RATE_LIMIT_PER_MINUTE: int(600, 0, 1_000_000),
  LOGIN_CODE_COOLDOWN_SECONDS: int(60, 1, 3_600),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  DEMO_DATA: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.string().email().default('info@ontslagportaal.nl')),
  SUPPORT_PHONE: z.preprocess(emptyToUndefined, z.string().default('010 123 45 67')),
  CONTACT_URL: url('https://www.ontslagportaal.nl/contact'),
  CALCULATION_TOOLS_URL: url('https://www.ontslagportaal.nl/rekentools'),
  REVIEW_URL: url('https://g.page/r/ontslagportaal/review'),
  TERMS_URL: url('https://www.ontslagportaal.nl/algemene-voorwaarden.pdf'),
  DISCLAIMER_URL: url('https://www.ontslagportaal.nl/disclaimer.pdf'),
  PRIVACY_URL: url('https://www.ontslagportaal.nl/privacyverklaring.pdf'),
  TYPEFORM_SECRET: optionalString,
  MAIL_DIGEST_MINUTES: int(10, 0, 24 * 60),
  APPOINTMENT_MINUTES: int(30, 5, 480),
  APPOINTMENT_NOTICE_HOURS: int(24, 0, 24 * 13),
  APPOINTMENT_VIDEO_URL: optionalUrl(['https:', 'http:']),
  STORAGE: z.preprocess(emptyToUndefined, z.enum(['disk', 's3']).default('disk')),
  S3_ENDPOINT: optionalUrl(['http:', 'https:']),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  /** The withdrawal period of the engagement in days: 14 by law, a firm may give more, never less. */
  WITHDRAWAL_DAYS: int(14, 14, 365),
  /** The firm answers a complaint within this many weeks (its complaints regulation). */
  COMPLAINT_ANSWER_WEEKS: int(4, 1, 52),
  /** The independent body a client turns to after the firm's answer, its site, and the months the client has for it. */
  COMPLAINTS_BODY_NAME: z.preprocess(emptyToUndefined, z.string().max(200).default('Geschillencommissie Advocatuur')),
  COMPLAINTS_BODY_URL: url('https://www.degeschillencommissie.nl/over-ons/commissies/advocatuur/'),
  COMPLAINTS_BODY_MONTHS: int(12, 1, 60),
  COMPLAINTS_REGULATION_URL: url('https://www.ontslagportaal.nl/klachtenregeling.pdf'),
  /** The weekly summary of the firm's view ('Inzicht') to every active admin, Monday morning. */
  INSIGHT_WEEKLY_MAIL: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** Years the firm keeps a closed file after completion before it is destroyed (the bar advises at least five). */
  FILE_RETENTION_YEARS: int(5, 1, 100),
  /** Where the server writes its own backups; unset: no scheduled backups. */
  BACKUP_DIR: optionalString,
  /** Encrypts every backup (AES-256-GCM, key derived with scrypt); restoring needs the same value. */
  BACKUP_KEY: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  BACKUP_EVERY_HOURS: int(24, 1, 24 * 31),
  BACKUP_KEEP: int(14, 1, 1_000),
  /** The firm as seller on its invoices (art. 35a Wet OB): name, address (lines split by ';'), KvK, VAT id, IBAN. */
  FIRM_NAME: z.preprocess(emptyToUndefined, z.string().max(200).default('Ontslagportaal B.V.')),
  FIRM_ADDRESS: z.preprocess(emptyToUndefined, z.string().max(500).default('Westblaak 180; 3012 KN Rotterdam')),
  FIRM_KVK: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{8}$/, 'must be 8 digits')
      .default('12345678'),
  ),
  FIRM_VAT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^NL\d{9}B\d{2}$/, 'must look like NL123456789B01')
      .default('NL001234567B01'),
  ),
  FIRM_IBAN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'must be an IBAN'))
      .default('NL91ABNA0417164300'),
  ),
  /** Mollie's API key; unset: no online payment, the invoice shows the bank transfer details. */
  MOLLIE_API_KEY: optionalString,
  /** Mollie's server URL, passed to the SDK as serverURL (a local stand-in in development and tests). */
  MOLLIE_API_ENDPOINT: url('https://api.mollie.com'),
  /** Web Push (VAPID, RFC 8292): both keys base64url, or neither (then made once and kept in the database). */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Who the push services may contact: `mailto:` or `https:`; default `mailto:` + SUPPORT_EMAIL. */
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^mailto:\S+@\S+$/.test(v) || /^https:\/\/\S+$/.test(v), 'must start with mailto: or https://')
      .optional(),
  ),
  /** Extra push service origins (comma-separated `https://host[:port]`), for a stand-in in tests. */
  PUSH_ALLOWED_ORIGINS: optionalString,
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  appSecret: string;
  maxUploadBytes: number;
  /** A request's headers must arrive within this time (slow-header attacks). */
  headersTimeoutMs: number;
  /** A connection that sends nothing for this long (a stalled body) is closed. */
  bodyIdleTimeoutMs: number;
  /**
   * A body (an upload above all) that sends fewer than this many bytes per second, averaged over `bodyMinRateWindowMs`,
   * is aborted with 408; 0 turns it off.
   */
  bodyMinBytesPerSecond: number;
  bodyMinRateWindowMs: number;
  /** Uploads that may stream at once per user and per instance; beyond, 429. */
  uploadsPerUser: number;
  uploadsPerInstance: number;
  /**
   * What reading one uploaded agreement's text (and computing a redline) may cost in the text worker before it is
   * ended and the file refused: its time and the heap of its thread (settlement/text-jobs.ts).
   */
  textWorker: { timeoutMs: number; heapMb: number };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  tokenIdleMs: number;
  tokenTtlMs: number;
  trustProxy: boolean;
  /**
   * Requests per IP per minute on the API; 0 turns every per-IP limit off (the per-address login limits always hold).
   */
  rateLimitPerMinute: number;
  /** A login code is mailed at most once per this window per address (the browser journeys shorten it). */
  loginCodeCooldownMs: number;
  demoData: boolean;
  typeformSecret: string | undefined;
  /** Events for one recipient within this window go out as one mail (0: no waiting). */
  mailDigestMs: number;
  /** Where files live: `DATA_DIR/files` on disk, or an S3 bucket. */
  storage: { driver: 'disk' | 's3'; s3: S3Settings | undefined };
  /** Bearer token for GET /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /**
   * The first conversation: slot length, notice (no booking sooner, no change by the client later) and how it happens.
   */
  appointments: { minutes: number; noticeHours: number; videoUrlTemplate: string | undefined };
  /** Days of the statutory withdrawal period after the client signs the engagement letter (at least 14). */
  withdrawalDays: number;
  /** The complaints procedure: answer period, the independent body after it. */
  complaints: { answerWeeks: number; bodyName: string; bodyUrl: string; bodyMonths: number };
  /** Mail every active admin a weekly summary of the firm's view (counts only, no case content). */
  insightWeeklyMail: boolean;
  /** Years a closed file is kept after completion (the account goes after 6 months, the file after this). */
  fileRetentionYears: number;
  /**
   * Backups (src/server/backup): the server makes one every `everyHours` into `dir` and keeps the newest `keep`;
   * `key` encrypts them (CLI and server alike).
   */
  backup: { dir: string | undefined; key: string | undefined; everyHours: number; keep: number };
  /** The firm as seller on invoices, and its bank account for transfers. */
  firm: { name: string; addressLines: string[]; kvk: string; vatId: string; iban: string };
  /** Online payment through Mollie (src/server/payments); `apiKey` unset: bank transfer only. */
  mollie: { apiKey: string | undefined; endpoint: string };
  /**
   * Web Push (src/server/push): the VAPID keys when set (else made once and kept in the database), the subject, and
   * origins accepted beside the known push services.
   */
  push: { publicKey: string | undefined; privateKey: string | undefined; subject: string; allowedOrigins: string[] };
  site: {
    productName: string;
    supportEmail: string;
    supportPhone: string;
    addressLines: string[];
    contactUrl: string;
    calculationToolsUrl: string;
    reviewUrl: string;
    termsUrl: string;
    disclaimerUrl: string;
    privacyUrl: string;
    complaintsRegulationUrl: string;
  };
};

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value stops start-up with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.STORAGE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  const pushOrigins = parsePushOrigins(e.PUSH_ALLOWED_ORIGINS);
  if (typeof pushOrigins === 'string')
    throw new ConfigError(`Invalid configuration:\n  PUSH_ALLOWED_ORIGINS: ${pushOrigins}`);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET ?? loadOrCreateSecret(dataDir),
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    bodyMinBytesPerSecond: e.BODY_MIN_RATE_KB_PER_SECOND * 1024,
    bodyMinRateWindowMs: e.BODY_MIN_RATE_WINDOW_SECONDS * 1000,
    uploadsPerUser: e.UPLOADS_PER_USER,
    uploadsPerInstance: e.UPLOADS_PER_INSTANCE,
    textWorker: { timeoutMs: e.TEXT_WORKER_TIMEOUT_SECONDS * 1000, heapMb: e.TEXT_WORKER_MEMORY_MB },
    logLevel: e.LOG_LEVEL,
    tokenIdleMs: e.TOKEN_IDLE_MINUTES * 60_000,
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3_600_000,
    trustProxy: e.TRUST_PROXY === 'true',
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    loginCodeCooldownMs: e.LOGIN_CODE_COOLDOWN_SECONDS * 1000,
    demoData: e.DEMO_DATA === 'true',
    typeformSecret: e.TYPEFORM_SECRET,
    mailDigestMs: e.MAIL_DIGEST_MINUTES * 60_000,
    storage: {
      driver: e.STORAGE,
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : undefined,
    },
    metricsToken: e.METRICS_TOKEN,
    appointments: {
      minutes: e.APPOINTMENT_MINUTES,
      noticeHours: e.APPOINTMENT_NOTICE_HOURS,
      videoUrlTemplate: e.APPOINTMENT_VIDEO_URL,
    },
    withdrawalDays: e.WITHDRAWAL_DAYS,
    complaints: {
      answerWeeks: e.COMPLAINT_ANSWER_WEEKS,
      bodyName: e.COMPLAINTS_BODY_NAME,
      bodyUrl: e.COMPLAINTS_BODY_URL,
      bodyMonths: e.COMPLAINTS_BODY_MONTHS,
    },
    insightWeeklyMail: e.INSIGHT_WEEKLY_MAIL === 'true',
    fileRetentionYears: e.FILE_RETENTION_YEARS,
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
      key: e.BACKUP_KEY,
      everyHours: e.BACKUP_EVERY_HOURS,
      keep: e.BACKUP_KEEP,
    },
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
      allowedOrigins: pushOrigins,
    },
    firm: {
      name: e.FIRM_NAME,
      addressLines: e.FIRM_ADDRESS.split(';')
        .map((line) => line.trim())
        .filter(Boolean),
      kvk: e.FIRM_KVK,
      vatId: e.FIRM_VAT_ID,
      iban: e.FIRM_IBAN,
    },
    mollie: { apiKey: e.MOLLIE_API_KEY, endpoint: e.MOLLIE_API_ENDPOINT.replace(/\/$/, '') },
    site: siteOf(e),
  };
}

/** `https://host[:port]` origins, comma-separated; a message naming the first wrong one. */
function parsePushOrigins(value: string | undefined): string[] | string {
  const origins: string[] = [];
  for (const item of (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)) {
    const url = URL.canParse(item) ? new URL(item) : null;
    if (!url || url.protocol !== 'https:' || url.origin !== item.replace(/\/$/, '') || url.username || url.password)
      return `'${item}' is no https origin (https://host or https://host:port)`;
    origins.push(url.origin);
  }
  return origins;
}

type Env = z.infer<typeof EnvSchema>;

function siteOf(
  e: Pick<
    Env,
    | 'SUPPORT_EMAIL'
    | 'SUPPORT_PHONE'
    | 'CONTACT_URL'
    | 'CALCULATION_TOOLS_URL'
    | 'REVIEW_URL'
    | 'TERMS_URL'
    | 'DISCLAIMER_URL'
    | 'PRIVACY_URL'
    | 'COMPLAINTS_REGULATION_URL'
  >,
): Config['site'] {
  return {
    productName: 'Ontslagportaal',
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    addressLines: ['Ontslagportaal', 'Westblaak 180', '3012 KN Rotterdam'],
    contactUrl: e.CONTACT_URL,
    calculationToolsUrl: e.CALCULATION_TOOLS_URL,
    reviewUrl: e.REVIEW_URL,
    termsUrl: e.TERMS_URL,
    disclaimerUrl: e.DISCLAIMER_URL,
    privacyUrl: e.PRIVACY_URL,
    complaintsRegulationUrl: e.COMPLAINTS_REGULATION_URL,
  };
}

/** The firm's contact details and links alone (for tools that seed data without a whole configuration). */
export function siteConfig(env: NodeJS.ProcessEnv = process.env): Config['site'] {
  const keys = {
    SUPPORT_EMAIL: true,
    SUPPORT_PHONE: true,
    CONTACT_URL: true,
    CALCULATION_TOOLS_URL: true,
    REVIEW_URL: true,
    TERMS_URL: true,
    DISCLAIMER_URL: true,
    PRIVACY_URL: true,
    COMPLAINTS_REGULATION_URL: true,
  } as const;
  const parsed = EnvSchema.pick(keys).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return siteOf(parsed.data);
}

/** APP_SECRET unset: generated once and kept in DATA_DIR (mode 0600). */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** A complete configuration for tests, with overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
  });
  return { ...base, ...overrides };
}
