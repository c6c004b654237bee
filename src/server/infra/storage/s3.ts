import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { assertKey, limit, MAX_PRESIGN_SECONDS, StorageUnavailableError, type Storage } from './storage';

export type S3Options = {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint; unset: AWS itself. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Part size of multipart uploads (at least 5 MiB, S3's minimum). */
  partSize?: number;
  /** Ends a request to S3 that takes longer than this (ms), so a hanging store gives a clear 503. */
  requestTimeoutMs?: number;
};

const MIB = 1024 * 1024;

/** S3 errors that mean "the store is not there / not answering", as opposed to "no such key". */
function isOutage(error: unknown): boolean {
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (!e) return false;
  if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return false;
  if (e.$metadata?.httpStatusCode && e.$metadata.httpStatusCode >= 500) return true;
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE', 'ENOTFOUND'].includes(e.code ?? '') ||
    ['TimeoutError', 'RequestTimeout'].includes(e.name ?? '')
  );
}

const wrap = (error: unknown): unknown =>
  isOutage(error) ? new StorageUnavailableError('File storage (S3) is unreachable', { cause: error }) : error;

/**
 * The S3 driver (any S3-compatible store). Uploads stream through a multipart upload in
 * parts of `partSize` (two in flight), so a file is never held whole; over `maxBytes`, or
 * when the body fails, the upload is aborted, which removes its parts, and nothing is kept.
 */
export async function s3Storage(options: S3Options): Promise<Storage & { client: S3Client }> {
  // Loaded only when S3 is configured: the SDK takes a noticeable part of a second to load.
  const [
    { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client },
    { Upload },
    { getSignedUrl },
  ] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 requires them: S3-compatible stores do not all speak the
    // trailing-checksum encoding; the migration verifies content with SHA-256 itself.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: {
      requestTimeout: options.requestTimeoutMs ?? 30_000,
      throwOnRequestTimeout: true,
      connectionTimeout: 5_000,
    },
  };
  const client = new S3Client(config);
  const Bucket = options.bucket;
  const partSize = Math.max(5 * MIB, options.partSize ?? 8 * MIB);
  const origin = options.endpoint ? new URL(options.endpoint).origin : null;

  return {
    kind: 's3',
    client,
    origin: origin ?? `https://${Bucket}.s3.${options.region}.amazonaws.com`,
    async put(key, body, putOptions = {}) {
      assertKey(key);
      const counter = { size: 0 };
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const feed = new PassThrough({ highWaterMark: MIB });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: feed },
        partSize,
        queueSize: 2,
        leavePartsOnError: false,
      });
      const uploaded = upload.done();
      // When the store fails, stop reading the body too (nothing would consume it).
      uploaded.catch((error: unknown) => feed.destroy(error instanceof Error ? error : new Error(String(error))));
      // Both must settle before we return: a failed body errors `feed`, which makes the
      // upload abort its multipart upload (removing the parts) before `done` rejects.
      const [streamed, stored] = await Promise.allSettled([
        pipeline(source, limit(putOptions.maxBytes ?? Number.MAX_SAFE_INTEGER, counter, putOptions.onChunk), feed),
        uploaded,
      ]);
      if (streamed.status === 'rejected' || stored.status === 'rejected') {
        if (!Buffer.isBuffer(body)) body.resume(); // drain what is left so the request can finish
        // A single-part upload that did complete while the body failed is removed again.
        if (stored.status === 'fulfilled')
          await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        if (stored.status === 'rejected' && isOutage(stored.reason)) throw wrap(stored.reason);
        throw streamed.status === 'rejected' ? streamed.reason : (stored as PromiseRejectedResult).reason;
      }
      return { size: counter.size };
    },
    async read(key) {
      assertKey(key);
      try {
        const result = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const stream = result.Body as Readable;
        return { stream, size: Number(result.ContentLength ?? 0) };
      } catch (error) {
        throw wrap(error);
      }
    },
    async remove(key) {
      assertKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        throw wrap(error);
      }
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isOutage(error)) throw wrap(error);
        return false;
      }
    },
    async *list(prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }))
          .catch((error: unknown) => {
            throw wrap(error);
          });
        for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: Number(item.Size ?? 0) };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async presign(key, presignOptions) {
      assertKey(key);
      const expiresIn = Math.min(MAX_PRESIGN_SECONDS, Math.max(1, Math.floor(presignOptions.expiresInSeconds)));
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentType: presignOptions.contentType,
        ResponseContentDisposition: presignOptions.contentDisposition,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, {
        expiresIn,
        ...(presignOptions.now ? { signingDate: presignOptions.now } : {}),
      });
    },
    async close() {
      client.destroy();
    },
  };
}
