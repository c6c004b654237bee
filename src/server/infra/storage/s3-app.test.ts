import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DocumentListResponseSchema, DocumentResponseSchema, type Document } from '../../../contract/documents';
import { documents } from '../db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../testing/harness';
import { multipart } from '../testing/multipart';
import { startS3Peer, type S3Peer } from '../testing/s3-peer';
import { s3Storage } from './s3';
import type { Storage } from './storage';

/** The product on S3 storage (s3rver as the peer): documents, links, downloads and avatars. */
let ctx: TestContext;
let peer: S3Peer;
let storage: Storage;
const MIB = 1024 * 1024;

beforeAll(async () => {
  peer = await startS3Peer();
  storage = await s3Storage({
    bucket: peer.bucket,
    region: peer.region,
    endpoint: peer.endpoint,
    forcePathStyle: true,
    credentials: peer.credentials,
    partSize: 5 * MIB,
    requestTimeoutMs: 2_000,
  });
  ctx = await createTestContext({ maxUploadBytes: 6 * MIB }, { storage });
});
afterAll(async () => {
  await ctx?.close();
  await storage?.close();
  await peer?.close();
});

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function setup() {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
  const clientToken = await tokenFor(ctx, client.id);
  const lawyerToken = await tokenFor(ctx, lawyer.id);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/cases/${client.caseId}/documents`,
    headers: bearer(clientToken),
  });
  const mandatory = DocumentListResponseSchema.parse(response.json()).data.filter((d) => d.mandatory);
  return { client, clientToken, lawyerToken, first: mandatory[0] as Document, second: mandatory[1] as Document };
}

function upload(token: string, documentId: string, filename: string, data: Buffer) {
  const body = multipart({}, [{ filename, data }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/documents/${documentId}/upload`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function objects(prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const item of storage.list(prefix)) out.push(item.key);
  return out;
}

describe('documents on S3', () => {
  it('streams an upload into the bucket and hands out a 5-minute presigned link with the safe headers', async () => {
    const s = await setup();
    const response = await upload(s.clientToken, s.first.id, 'één brief;%.pdf', PDF);
    expect(response.statusCode).toBe(200);
    const doc = DocumentResponseSchema.parse(response.json()).data;
    expect(doc.temporary_url?.startsWith(`${peer.endpoint}/${peer.bucket}/documents/${s.client.caseId}/`)).toBe(true);
    const url = new URL(doc.temporary_url!);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(doc.expires_at_unix_time).toBe(Math.floor(ctx.clock.now().getTime() / 1000) + 300);
    const served = await fetch(doc.temporary_url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(
      `inline; filename="__n brief__.pdf"; filename*=UTF-8''%C3%A9%C3%A9n%20brief%3B%25.pdf`,
    );
    expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);

    // Bytes that do not match the extension are refused before anything is kept, as on disk.
    const fake = await upload(
      s.clientToken,
      s.second.id,
      'rapport.pdf',
      Buffer.from('<html><script>alert(1)</script>'),
    );
    expect(fake.statusCode).toBe(422);

    // The download through the API streams from S3.
    const download = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${s.first.id}/download`,
      headers: bearer(s.lawyerToken),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // The page may show presigned previews from the store's origin, nothing else.
    const page = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(page.headers['content-security-policy'])).toContain(`img-src 'self' data: blob: ${peer.endpoint}`);
  });

  it('keeps no object and no part of an upload over MAX_UPLOAD_MB, and the document stays empty', async () => {
    const s = await setup();
    const response = await upload(s.clientToken, s.first.id, 'groot.pdf', Buffer.concat([PDF, randomBytes(7 * MIB)]));
    expect(response.statusCode).toBe(413);
    expect(await objects(`documents/${s.client.caseId}/`)).toEqual([]);
    expect(await peer.pendingUploads()).toBe(0);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(row).toMatchObject({ storageKey: null, status: 'Not Uploaded' });
  });

  it('replaces a version: the old object is removed', async () => {
    const s = await setup();
    await upload(s.clientToken, s.first.id, 'v1.pdf', PDF);
    await upload(s.clientToken, s.first.id, 'v2.pdf', PDF);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(await objects(`documents/${s.client.caseId}/`)).toEqual([row!.storageKey]);
  });

  it('answers 503 while S3 is unreachable, writes no document row, and works again after', async () => {
    const s = await setup();
    await peer.stop();
    try {
      const response = await upload(s.clientToken, s.first.id, 'brief.pdf', PDF);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toMatch(/niet bereikbaar/);
      const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
      expect(row).toMatchObject({ storageKey: null, status: 'Not Uploaded', version: 0 });
    } finally {
      await peer.start();
    }
    expect((await upload(s.clientToken, s.first.id, 'brief.pdf', PDF)).statusCode).toBe(200);
    expect(await peer.pendingUploads()).toBe(0);
  });
});

describe('avatars on S3', () => {
  it('stores the 256 px WebP in the bucket and serves it', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const body = multipart({}, [{ field: 'avatar', filename: 'foto.png', contentType: 'image/png', data: png }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().data.avatar as string;
    expect(await objects('avatars/')).toContain(`avatars/${url.split('/').pop()}`);
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).width).toBe(256);
  });
});
