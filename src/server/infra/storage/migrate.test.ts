import { createHash, randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../testing/s3-peer';
import { diskStorage, type Storage } from './storage';
import { s3Storage } from './s3';
import { runCli, UsageError } from '../../cli/main';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

let dataDir: string;
let peer: S3Peer;
let disk: Storage;
let s3: Storage;
let env: Record<string, string>;
const files = new Map<string, Buffer>();

/** `npm run cli -- storage-migrate …` as an operator runs it. */
async function migrate(args = ['--to', 's3']) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/main.ts', 'storage-migrate', ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * The same command in this process (`runCli`, as the entry point runs it): a process costs seconds of imports, so
 * only the first run and the failed one (exit code 1) go through `migrate`.
 */
async function migrateHere(args = ['--to', 's3']) {
  const lines: string[] = [];
  const error = await runCli(['storage-migrate', ...args], (line) => lines.push(line), env).then(
    () => null,
    (thrown: unknown) => thrown as Error,
  );
  return { stdout: lines.join('\n'), error };
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
async function s3Digest(key: string) {
  const hash = createHash('sha256');
  for await (const chunk of (await s3.read(key)).stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-migrate-'));
  peer = await startS3Peer();
  disk = diskStorage(path.join(dataDir, 'files'));
  s3 = await s3Storage({
    bucket: peer.bucket,
    region: peer.region,
    endpoint: peer.endpoint,
    forcePathStyle: true,
    credentials: peer.credentials,
  });
  env = {
    DATA_DIR: dataDir,
    APP_SECRET: 'migrate-test-secret-migrate-test-secret',
    S3_BUCKET: peer.bucket,
    S3_ENDPOINT: peer.endpoint,
    S3_REGION: peer.region,
    S3_ACCESS_KEY_ID: peer.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: peer.credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  files.set('documents/c1/d1-v1-0123456789abcdef', Buffer.from('%PDF-1.4 een'));
  files.set('documents/c1/d2-v3-fedcba9876543210', randomBytes(9 * 1024 * 1024));
  files.set('avatars/u1-abc.webp', randomBytes(2000));
  for (const [key, data] of files) await disk.put(key, data);
});
afterAll(async () => {
  await s3?.close();
  await peer?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run cli -- storage-migrate --to s3', () => {
  it('copies every disk file to S3 under the same key, verified by checksum, skipping them next time', async () => {
    const first = await migrate();
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      copied: 3,
      skipped: 0,
      failed: 0,
      bytes: [...files.values()].reduce((n, b) => n + b.length, 0),
    });
    for (const [key, data] of files) expect(await s3Digest(key)).toBe(sha(data));

    const again = await migrateHere();
    expect(again.error).toBeNull();
    expect(JSON.parse(again.stdout)).toEqual({ copied: 0, skipped: 3, failed: 0, bytes: 0 });
  });

  it('copies again a file whose copy in S3 differs, and leaves the disk files as they were', async () => {
    await s3.put('avatars/u1-abc.webp', Buffer.from('beschadigd'));
    const result = await migrateHere();
    expect(result.error).toBeNull();
    expect(JSON.parse(result.stdout)).toMatchObject({ copied: 1, skipped: 2, failed: 0 });
    expect(await s3Digest('avatars/u1-abc.webp')).toBe(sha(files.get('avatars/u1-abc.webp')!));
    for (const [key, data] of files) {
      const hash = createHash('sha256');
      for await (const chunk of (await disk.read(key)).stream) hash.update(chunk as Buffer);
      expect(hash.digest('hex')).toBe(sha(data));
    }
  });

  it('exits 1 and names no success when S3 is unreachable; refuses a wrong target', async () => {
    await peer.stop();
    try {
      const result = await migrate();
      expect(result.code).toBe(1);
      expect(JSON.parse(result.stdout)).toMatchObject({ copied: 0, failed: 3 });
      expect(result.stderr).toMatch(/3 file\(s\) could not be copied and verified/);
    } finally {
      await peer.start();
    }
    // A usage error: the entry point exits with 2 and the message (cli.test.ts runs one through a process).
    const wrong = await migrateHere(['--to', 'ftp']);
    expect(wrong.error).toBeInstanceOf(UsageError);
    expect(wrong.error?.message).toMatch(/--to must be s3/);
  });
});
