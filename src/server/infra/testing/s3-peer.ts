import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import S3rver, { type S3rverContext } from 's3rver';

export type S3Peer = {
  endpoint: string;
  bucket: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Multipart uploads started and neither completed nor aborted (their parts are still stored). */
  pendingUploads: () => Promise<number>;
  /** Every answer waits this long first (a slow store); 0 turns it off. */
  setDelay: (ms: number) => void;
  /** Stops listening and drops open connections (an unreachable store) until `start`. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * `s3rver` on loopback, a stand-in that speaks the S3 protocol, with one bucket. Two gaps of
 * s3rver against real S3 are filled here, as S3 itself behaves: AbortMultipartUpload
 * (DELETE ?uploadId=…, which removes the stored parts) and the `response-content-type` /
 * `response-content-disposition` / `response-cache-control` overrides of a presigned GET.
 */
export async function startS3Peer(
  options: { port?: number; bucket?: string; directory?: string } = {},
): Promise<S3Peer> {
  const bucket = options.bucket ?? 'portal-files';
  const directory = options.directory ?? mkdtempSync(path.join(tmpdir(), 's3-peer-'));
  const ownDirectory = !options.directory;
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  let delayMs = 0;
  let port = options.port ?? 0;
  let server: S3rver | null = null;
  const sockets = new Set<Socket>();

  const shim = async (ctx: S3rverContext, next: () => Promise<void>) => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : null;
    if (ctx.method === 'DELETE' && uploadId) {
      if (!/^[A-Za-z0-9_-]+$/.test(uploadId)) {
        ctx.status = 400;
        return;
      }
      await rm(path.join(uploadsDir, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
    if (ctx.method === 'GET' && (ctx.status === 200 || ctx.status === 206)) {
      const overrides: Record<string, string> = {
        'response-content-type': 'Content-Type',
        'response-content-disposition': 'Content-Disposition',
        'response-cache-control': 'Cache-Control',
      };
      for (const [param, header] of Object.entries(overrides)) {
        const value = ctx.query[param];
        if (typeof value === 'string') ctx.set(header, value);
      }
    }
  };

  const start = async () => {
    const instance = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    instance.middleware.unshift(shim);
    const address = await instance.run();
    port = address.port;
    instance.httpServer?.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    server = instance;
  };
  const stop = async () => {
    const current = server;
    server = null;
    if (!current) return;
    const closed = current.close();
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  await start();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    pendingUploads: async () => (await readdir(uploadsDir).catch(() => [])).length,
    setDelay: (ms) => {
      delayMs = ms;
    },
    stop,
    start,
    close: async () => {
      await stop();
      if (ownDirectory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
