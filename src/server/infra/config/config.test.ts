import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      maxUploadBytes: 100 * 1024 * 1024,
      tokenIdleMs: 30 * 60_000,
      tokenTtlMs: 12 * 3_600_000,
      databaseUrl: undefined,
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.loginCodeCooldownMs).toBe(60_000);
    expect(loadConfig({ DATA_DIR: dataDir, LOGIN_CODE_COOLDOWN_SECONDS: '2' }).loginCodeCooldownMs).toBe(2_000);
    expect(config.withdrawalDays).toBe(14);
    expect(config.complaints).toEqual({
      answerWeeks: 4,
      bodyName: 'Geschillencommissie Advocatuur',
      bodyUrl: expect.stringMatching(/^https:/),
      bodyMonths: 12,
    });
  });

  it('generates APP_SECRET once and keeps it in DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }).appSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'app-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dataDir, 'app-secret')).mode & 0o077).toBe(0);
  });

  const bad: [string, Record<string, string>][] = [
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/x' }],
    ['SMTP_URL', { SMTP_URL: 'not a url' }],
    ['APP_SECRET', { APP_SECRET: 'short' }],
    ['MAX_UPLOAD_MB', { MAX_UPLOAD_MB: '0' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['TOKEN_IDLE_MINUTES', { TOKEN_IDLE_MINUTES: '-1' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'portal' }],
    ['LOGIN_CODE_COOLDOWN_SECONDS', { LOGIN_CODE_COOLDOWN_SECONDS: '0' }],
    // The statutory withdrawal period is at least 14 days.
    ['WITHDRAWAL_DAYS', { WITHDRAWAL_DAYS: '7' }],
    ['COMPLAINT_ANSWER_WEEKS', { COMPLAINT_ANSWER_WEEKS: '0' }],
    ['COMPLAINTS_REGULATION_URL', { COMPLAINTS_REGULATION_URL: 'klachten.pdf' }],
  ];
  for (const [name, env] of bad) {
    it(`fails fast naming ${name} for ${JSON.stringify(env)}`, () => {
      expect(() => loadConfig({ APP_SECRET: 'x'.repeat(40), ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ APP_SECRET: 'x'.repeat(40), ...env })).toThrow(new RegExp(`${name}:`));
    });
  }
});

describe('.env.example', () => {
  it('lists every variable the server reads', async () => {
    const { EnvSchema } = await import('./config');
    const example = readFileSync(path.resolve(import.meta.dirname, '../../../../.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect([...Object.keys(EnvSchema.shape)].filter((name) => !listed.has(name))).toEqual([]);
  });

  it('gives the intake webhook a demo secret for development, which the configuration takes', () => {
    const example = readFileSync(path.resolve(import.meta.dirname, '../../../../.env.example'), 'utf8');
    const secret = /^TYPEFORM_SECRET=(.+)$/m.exec(example)?.[1];
    expect(secret).toMatch(/^dev-only-/);
    expect(
      loadConfig({
        TYPEFORM_SECRET: secret!,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-env-')),
        APP_SECRET: 'x'.repeat(32),
      }).typeformSecret,
    ).toBe(secret);
  });
});
