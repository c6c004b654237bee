import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../testing/s3-peer';
import { diskStorage, FileTooLargeError, StorageUnavailableError, type Storage } from './storage';
import { s3Storage } from './s3';

const MIB = 1024 * 1024;

type Driver = { storage: Storage; leftovers: () => Promise<number>; peer?: S3Peer; close: () => Promise<void> };

/** The storage suite runs against both drivers: disk, and S3 with s3rver as the peer. */
const drivers: [string, () => Promise<Driver>][] = [
  [
    'disk',
    async () => {
      const root = mkdtempSync(path.join(tmpdir(), 'storage-disk-'));
      return {
        storage: diskStorage(root),
        leftovers: async () => {
          try {
            return readdirSync(path.join(root, '.tmp')).length;
          } catch {
            return 0;
          }
        },
        close: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    's3',
    async () => {
      const peer = await startS3Peer();
      const storage = await s3Storage({
        bucket: peer.bucket,
        region: peer.region,
        endpoint: peer.endpoint,
        forcePathStyle: true,
        credentials: peer.credentials,
        partSize: 5 * MIB,
        requestTimeoutMs: 2_000,
      });
      return {
        storage,
        peer,
        leftovers: () => peer.pendingUploads(),
        close: async () => {
          await storage.close();
          await peer.close();
        },
      };
    },
  ],
];

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body in chunks of 1 MiB; `failAfter` bytes in, it fails like a client that went away. */
function chunked(data: Buffer, failAfter?: number): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) {
        this.destroy(new Error('client aborted'));
        return;
      }
      if (offset >= data.length) {
        this.push(null);
        return;
      }
      this.push(data.subarray(offset, offset + MIB));
      offset += MIB;
    },
  });
}

async function keys(storage: Storage, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for await (const item of storage.list(prefix)) out.push(item.key);
  return out.sort();
}

describe.each(drivers)('storage driver %s', (_name, open) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await open();
  });
  afterAll(async () => {
    await driver.close();
  });

  it('stores a buffer and a stream and reads them back byte for byte', async () => {
    const { storage } = driver;
    expect(await storage.put('documents/a/small.pdf', Buffer.from('%PDF-1.4 klein'))).toEqual({ size: 14 });
    const big = randomBytes(12 * MIB + 123);
    expect(await storage.put('documents/a/big.bin', chunked(big))).toEqual({ size: big.length });
    const read = await storage.read('documents/a/big.bin');
    expect(read.size).toBe(big.length);
    expect(sha256(await readAll(read.stream))).toBe(sha256(big));
    expect((await readAll((await storage.read('documents/a/small.pdf')).stream)).toString()).toBe('%PDF-1.4 klein');
    expect(await storage.put('documents/a/empty', Buffer.alloc(0))).toEqual({ size: 0 });
    expect((await storage.read('documents/a/empty')).size).toBe(0);
    expect(await keys(storage, 'documents/a/')).toEqual([
      'documents/a/big.bin',
      'documents/a/empty',
      'documents/a/small.pdf',
    ]);
    expect(await driver.leftovers()).toBe(0);
  });

  it('shows every chunk to onChunk while it streams', async () => {
    const data = randomBytes(3 * MIB);
    let seen = 0;
    await driver.storage.put('documents/b/seen', chunked(data), { onChunk: (chunk) => (seen += chunk.length) });
    expect(seen).toBe(data.length);
  });

  it('keeps nothing of a file over the size cap, not even a part of a multipart upload', async () => {
    const { storage } = driver;
    const data = randomBytes(11 * MIB);
    await expect(storage.put('documents/c/too-big', chunked(data), { maxBytes: 10 * MIB })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    await expect(
      storage.put('documents/c/too-big-small', Buffer.alloc(2048), { maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.exists('documents/c/too-big')).toBe(false);
    expect(await storage.exists('documents/c/too-big-small')).toBe(false);
    expect(await keys(storage, 'documents/c/')).toEqual([]);
    expect(await driver.leftovers()).toBe(0);
  });

  it('keeps nothing of an upload whose client went away halfway, not even a part', async () => {
    const { storage } = driver;
    const data = randomBytes(14 * MIB);
    await expect(storage.put('documents/d/aborted', chunked(data, 11 * MIB))).rejects.toThrow('client aborted');
    await expect(storage.put('documents/d/aborted-early', chunked(data, 1 * MIB))).rejects.toThrow('client aborted');
    expect(await keys(storage, 'documents/d/')).toEqual([]);
    expect(await driver.leftovers()).toBe(0);
  });

  it('replaces a file in place, removes idempotently and refuses a missing key', async () => {
    const { storage } = driver;
    await storage.put('avatars/u-1.webp', Buffer.from('one'));
    await storage.put('avatars/u-1.webp', Buffer.from('two'));
    expect((await readAll((await storage.read('avatars/u-1.webp')).stream)).toString()).toBe('two');
    await storage.remove('avatars/u-1.webp');
    await storage.remove('avatars/u-1.webp');
    expect(await storage.exists('avatars/u-1.webp')).toBe(false);
    await expect(storage.read('avatars/u-1.webp')).rejects.toThrow();
  });

  it('refuses keys that could leave the store or name a user file', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'naam met spatie.pdf', '', '.verborgen']) {
      await expect(driver.storage.put(key, Buffer.from('x'))).rejects.toThrow('Unsafe storage key');
      await expect(driver.storage.read(key)).rejects.toThrow('Unsafe storage key');
    }
  });
});

describe('S3 driver specifics', () => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await drivers[1]![1]();
  });
  afterAll(async () => {
    await driver.close();
  });

  it('presigns a GET of at most 5 minutes that answers with the safe headers it carries', async () => {
    const { storage } = driver;
    await storage.put('documents/p/brief', Buffer.from('%PDF-1.4 brief'));
    const disposition = `inline; filename="__n _brief_.pdf"; filename*=UTF-8''%C3%A9%C3%A9n%20%22brief%22.pdf`;
    const url = await storage.presign!('documents/p/brief', {
      expiresInSeconds: 3600,
      contentType: 'application/pdf',
      contentDisposition: disposition,
    });
    const query = new URL(url).searchParams;
    expect(Number(query.get('X-Amz-Expires'))).toBe(300);
    expect(query.get('response-content-disposition')).toBe(disposition);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(disposition);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.text()).toBe('%PDF-1.4 brief');

    // The headers are part of what is signed (s3rver does not check V4 query signatures, S3 does).
    expect(query.get('X-Amz-SignedHeaders')).toBe('host');
    expect(query.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    // Expired: signed 301 seconds ago.
    const old = await storage.presign!('documents/p/brief', {
      expiresInSeconds: 300,
      contentType: 'application/pdf',
      contentDisposition: disposition,
      now: new Date(Date.now() - 301_000),
    });
    expect((await fetch(old)).status).toBe(403);
  });

  it('answers StorageUnavailableError while S3 is unreachable or too slow, and works again after', async () => {
    const { storage, peer } = driver;
    await peer!.stop();
    await expect(storage.put('documents/q/down', Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.put('documents/q/down-stream', chunked(randomBytes(6 * MIB)))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    await expect(storage.read('documents/p/brief')).rejects.toBeInstanceOf(StorageUnavailableError);
    await peer!.start();
    peer!.setDelay(5_000);
    await expect(storage.read('documents/p/brief')).rejects.toBeInstanceOf(StorageUnavailableError);
    peer!.setDelay(0);
    expect((await storage.read('documents/p/brief')).size).toBe(14);
    expect(await storage.exists('documents/q/down')).toBe(false);
    expect(await peer!.pendingUploads()).toBe(0);
  });
});
