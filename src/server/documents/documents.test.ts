import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DocumentListResponseSchema, DocumentResponseSchema, type Document } from '../../contract/documents';
import { CaseLawyerViewResponseSchema } from '../../contract/cases';
import { auditEvents, cases, documents } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { StorageUnavailableError } from '../infra/storage/storage';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ maxUploadBytes: 64 * 1024 });
});
afterAll(async () => {
  await ctx.close();
});

/** A hand-built multipart body; `disposition` lets a test send any file-name parameter. */
function multipartBody(
  parts: (
    { name: string; value: string } | { name: string; disposition?: string; filename?: string; data: Buffer | string }
  )[],
) {
  const boundary = `----doc${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      const disposition = part.disposition ?? `filename="${part.filename ?? 'bestand.pdf'}"`;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; ` +
            `name="${part.name}"; ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const SVG =
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" ' +
  'height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

async function upload(
  token: string,
  documentId: string,
  file: { filename?: string; disposition?: string; data: Buffer | string },
) {
  const body = multipartBody([{ name: 'file', ...file }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/documents/${documentId}/upload`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function addGeneral(
  token: string,
  caseId: string,
  title: string | undefined,
  file: { filename?: string; data: Buffer | string } = { filename: 'extra.pdf', data: PDF },
) {
  const parts = [...(title === undefined ? [] : [{ name: 'title', value: title }]), { name: 'file', ...file }];
  const body = multipartBody(parts);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/documents`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const list = async (token: string, caseId: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/cases/${caseId}/documents`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return DocumentListResponseSchema.parse(response.json()).data;
};

const fetchLink = (url: string) => ctx.app.inject({ method: 'GET', url });

/** Every file in storage (temporary parts included). */
function storedFiles(): string[] {
  const root = path.join(ctx.config.dataDir, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: string[] = [];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out;
}

async function setup() {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
  const clientToken = await tokenFor(ctx, client.id);
  const lawyerToken = await tokenFor(ctx, lawyer.id);
  const docs = await list(clientToken, client.caseId);
  const mandatory = docs.filter((d) => d.mandatory);
  return { lawyer, client, clientToken, lawyerToken, mandatory, first: mandatory[0] as Document };
}

const pendingOf = async (token: string, caseId: string) =>
  CaseLawyerViewResponseSchema.parse(
    (await ctx.app.inject({ method: 'GET', url: `/api/cases/${caseId}`, headers: bearer(token) })).json(),
  ).data.pending_documents;

describe('uploading documents', () => {
  it('stores an upload under a generated key, marks it Uploaded, pending for the lawyer till downloaded', async () => {
    const s = await setup();
    ctx.clock.advance(1000);
    const response = await upload(s.clientToken, s.first.id, { filename: 'loonstrook.pdf', data: PDF });
    expect(response.statusCode).toBe(200);
    const doc = DocumentResponseSchema.parse(response.json()).data;
    expect(doc).toMatchObject({ status: 'Uploaded', filename: 'loonstrook.pdf', extension: 'pdf', message: null });
    expect(doc.uploaded_by?.id).toBe(s.client.id);
    expect(doc.temporary_url).toMatch(/^\/files\/documents\//);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(row?.storageKey).toMatch(new RegExp(`^documents/${s.client.caseId}/${s.first.id}-v1-[0-9a-f]{16}$`));
    expect(row?.version).toBe(1);
    const [caseRow] = await ctx.db.select().from(cases).where(eq(cases.id, s.client.caseId));
    expect(caseRow?.lastUpdateAt.getTime()).toBe(ctx.clock.now().getTime());

    expect(await pendingOf(s.lawyerToken, s.client.caseId)).toBe(1);
    const download = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${s.first.id}/download`,
      headers: bearer(s.lawyerToken),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="loonstrook.pdf"; filename*=UTF-8''loonstrook.pdf`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(await pendingOf(s.lawyerToken, s.client.caseId)).toBe(0);
  });

  it('clears the pending count when the lawyer opens a preview, and counts a new version again', async () => {
    const s = await setup();
    await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    expect(await pendingOf(s.lawyerToken, s.client.caseId)).toBe(1);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/documents/${s.first.id}/viewed`,
          headers: bearer(s.lawyerToken),
        })
      ).statusCode,
    ).toBe(204);
    expect(await pendingOf(s.lawyerToken, s.client.caseId)).toBe(0);
    ctx.clock.advance(1000);
    await upload(s.clientToken, s.first.id, { filename: 'b.pdf', data: PDF });
    expect(await pendingOf(s.lawyerToken, s.client.caseId)).toBe(1);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/documents/${s.first.id}/viewed`,
          headers: bearer(s.clientToken),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('stores a new version at any stage, removes the old file and links to the old version stop working', async () => {
    const s = await setup();
    const v1 = DocumentResponseSchema.parse(
      (await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF })).json(),
    ).data;
    const [before] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    const v2 = DocumentResponseSchema.parse(
      (await upload(s.clientToken, s.first.id, { filename: 'b.png', data: PNG })).json(),
    ).data;
    expect(v2).toMatchObject({ status: 'Uploaded', filename: 'b.png', extension: 'png' });
    const [after] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(after?.version).toBe(2);
    expect(storedFiles()).not.toContain(before!.storageKey);
    expect(storedFiles()).toContain(after!.storageKey);
    expect((await fetchLink(v1.temporary_url!)).statusCode).toBe(404);
    const current = await fetchLink(v2.temporary_url!);
    expect(current.statusCode).toBe(200);
    expect(current.rawPayload.equals(PNG)).toBe(true);
  });

  it('keeps exactly one file after parallel uploads to one document', async () => {
    const s = await setup();
    const results = await Promise.all(
      [1, 2, 3].map((n) => upload(s.clientToken, s.first.id, { filename: `p${n}.pdf`, data: PDF })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(row?.version).toBe(3);
    const mine = storedFiles().filter((f) => f.includes(s.first.id));
    expect(mine).toEqual([row!.storageKey]);
  });

  it('answers 422 without a file, with an empty multipart body and for a JSON body', async () => {
    const s = await setup();
    const empty = multipartBody([{ name: 'other', value: 'x' }]);
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${s.first.id}/upload`,
      headers: { ...bearer(s.clientToken), ...empty.headers },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.file).toEqual(['Kies een bestand om te uploaden.']);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${s.first.id}/upload`,
      headers: bearer(s.clientToken),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(row?.status).toBe('Not Uploaded');
  });

  it('refuses an upload over MAX_UPLOAD_MB with 413 and a Dutch message, keeping no partial file', async () => {
    const s = await setup();
    const before = storedFiles();
    const response = await upload(s.clientToken, s.first.id, {
      filename: 'groot.pdf',
      data: Buffer.alloc(64 * 1024 + 1, 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      'Het bestand is te groot. Je kunt bestanden tot 0 MB uploaden.'.replace('0 MB', `${Math.round(64 / 1024)} MB`),
    );
    expect(storedFiles()).toEqual(before);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(row).toMatchObject({ status: 'Not Uploaded', storageKey: null, version: 0 });
    // an upload of exactly the limit is fine
    expect(
      (
        await upload(s.clientToken, s.first.id, {
          filename: 'precies.pdf',
          data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64 * 1024 - 9, 0x20)]),
        })
      ).statusCode,
    ).toBe(200);
  });

  it("answers too many fields with 413 'too many fields or files' (not 'file too large'), storing none", async () => {
    const s = await setup();
    const before = storedFiles();
    const documentsBefore = (await list(s.clientToken, s.client.caseId)).length;
    const fields = Array.from({ length: 3000 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const body = multipartBody([
      { name: 'title', value: 'Veel velden' },
      ...fields,
      { name: 'file', filename: 'klein.pdf', data: PDF },
    ]);
    const send = (headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${s.client.caseId}/documents`,
        headers: { ...bearer(s.clientToken), ...body.headers, ...headers },
        payload: body.payload,
      });
    const dutch = await send();
    expect(dutch.statusCode).toBe(413);
    expect(dutch.json().message).toBe(
      'Het formulier bevat te veel velden of bestanden. Stuur één bestand met alleen de gevraagde gegevens.',
    );
    const english = await send({ 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(413);
    expect(english.json().message).toBe(
      'The form contains too many fields or files. Send one file with only the requested details.',
    );
    expect(storedFiles()).toEqual(before);
    expect(await list(s.clientToken, s.client.caseId)).toHaveLength(documentsBefore);
    // A file over the limit is still 'file too large'.
    const large = await addGeneral(s.clientToken, s.client.caseId, 'Groot', {
      filename: 'groot.pdf',
      data: Buffer.alloc(64 * 1024 + 1, 1),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(
      `Het bestand is te groot. Je kunt bestanden tot ${Math.round(64 / 1024)} MB uploaden.`,
    );
    const largeBody = multipartBody([
      { name: 'title', value: 'Groot' },
      { name: 'file', filename: 'groot.pdf', data: Buffer.alloc(64 * 1024 + 1, 1) },
    ]);
    const largeEnglish = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${s.client.caseId}/documents`,
      headers: { ...bearer(s.clientToken), ...largeBody.headers, 'accept-language': 'en-US' },
      payload: largeBody.payload,
    });
    expect(largeEnglish.statusCode).toBe(413);
    expect(largeEnglish.json().message).toBe(
      `The file is too large. You can upload files of up to ${Math.round(64 / 1024)} MB.`,
    );
    const noFile = multipartBody([{ name: 'title', value: 'Zonder bestand' }]);
    const noFileEnglish = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${s.client.caseId}/documents`,
      headers: { ...bearer(s.clientToken), ...noFile.headers, 'accept-language': 'en-US' },
      payload: noFile.payload,
    });
    expect(noFileEnglish.json().errors.file).toEqual(['Choose a file to upload.']);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a second file in a request that takes one, and keeps neither', async () => {
    const s = await setup();
    const body = multipartBody([
      { name: 'file', filename: 'eerste.pdf', data: PDF },
      { name: 'file', filename: 'tweede.pdf', data: PDF },
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${s.first.id}/upload`,
      headers: { ...bearer(s.clientToken), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(['Je kunt één bestand tegelijk uploaden.']);
    const keys: string[] = [];
    for await (const { key } of ctx.storage.list(`documents/${s.client.caseId}/${s.first.id}-v2`)) keys.push(key);
    expect(keys).toEqual([]);
  });

  it('stores hostile file names as a safe display name and serves them with a safe header', async () => {
    const s = await setup();
    const hostile: { disposition: string; expected: (name: string) => void }[] = [
      { disposition: 'filename="../../etc/passwd.pdf"', expected: (n) => expect(n).toBe('passwd.pdf') },
      { disposition: 'filename="..\\\\..\\\\boot.ini.pdf"', expected: (n) => expect(n).toBe('boot.ini.pdf') },
      {
        disposition: "filename*=UTF-8''rapport%22%3B%20x%3D1%09Set-Cookie%3A%20a%3Db.pdf",
        expected: (n) => expect(n).toBe('rapport; x=1 Set-Cookie a=b.pdf'),
      },
      // browsers send CR/LF in a name percent-encoded; it stays text, never a header break
      {
        disposition: 'filename="brief%0D%0ASet-Cookie: a=b.pdf"',
        expected: (n) => expect(n).toBe('brief%0D%0ASet-Cookie a=b.pdf'),
      },
      { disposition: `filename="${'a'.repeat(2000)}.pdf"`, expected: (n) => expect(n).toMatch(/^a{196}\.pdf$/) },
      {
        disposition: "filename*=UTF-8''%C3%A9%C3%A9n%20bestand.pdf",
        expected: (n) => expect(n).toBe('één bestand.pdf'),
      },
    ];
    for (const c of hostile) {
      const response = await upload(s.clientToken, s.first.id, { disposition: c.disposition, data: PDF });
      expect(response.statusCode, c.disposition).toBe(200);
      const doc = DocumentResponseSchema.parse(response.json()).data;
      c.expected(doc.filename!);
      const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
      expect(row?.storageKey).toMatch(/^documents\/[0-9a-f-]+\/[0-9a-f-]+-v\d+-[0-9a-f]{16}$/);
      const download = await ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${s.first.id}/download`,
        headers: bearer(s.clientToken),
      });
      const header = String(download.headers['content-disposition']);
      expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
      expect(header.match(/"/g)).toHaveLength(2);
      expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe(doc.filename);
    }
    expect(storedFiles().every((f) => !f.includes('passwd') && !f.includes('..'))).toBe(true);
  });
});

describe('general documents', () => {
  it('adds a general document with a title and lists it for the client', async () => {
    const s = await setup();
    const response = await addGeneral(s.clientToken, s.client.caseId, '  Extra bewijs  ');
    expect(response.statusCode).toBe(201);
    const doc = DocumentResponseSchema.parse(response.json()).data;
    expect(doc).toMatchObject({
      title: 'Extra bewijs',
      mandatory: false,
      status: 'Uploaded',
      visible: true,
      filename: 'extra.pdf',
    });
    expect((await list(s.clientToken, s.client.caseId)).map((d) => d.id)).toContain(doc.id);
    expect((await list(s.lawyerToken, s.client.caseId)).map((d) => d.id)).toContain(doc.id);
  });

  it('answers 422 for a missing, blank or too long title and keeps nothing', async () => {
    const s = await setup();
    const before = storedFiles();
    for (const title of [undefined, '   ', 'x'.repeat(251)]) {
      const response = await addGeneral(s.clientToken, s.client.caseId, title);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.title).toBeDefined();
    }
    expect(storedFiles()).toEqual(before);
    expect((await list(s.clientToken, s.client.caseId)).filter((d) => !d.mandatory)).toHaveLength(0);
  });

  it('removes a general document on delete, and a mandatory one goes back to Not Uploaded', async () => {
    const s = await setup();
    const general = DocumentResponseSchema.parse(
      (await addGeneral(s.clientToken, s.client.caseId, 'Weg ermee')).json(),
    ).data;
    await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    const keys = (await ctx.db.select().from(documents).where(eq(documents.caseId, s.client.caseId)))
      .map((d) => d.storageKey)
      .filter(Boolean);
    expect(keys).toHaveLength(2);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${general.id}`, headers: bearer(s.clientToken) }))
        .statusCode,
    ).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${s.first.id}`, headers: bearer(s.clientToken) }))
        .statusCode,
    ).toBe(204);
    const docs = await list(s.clientToken, s.client.caseId);
    expect(docs.some((d) => d.id === general.id)).toBe(false);
    expect(docs.find((d) => d.id === s.first.id)).toMatchObject({
      status: 'Not Uploaded',
      filename: null,
      temporary_url: null,
      uploaded_by: null,
    });
    for (const key of keys) expect(storedFiles()).not.toContain(key);
  });

  it("keeps a document the lawyer shared the lawyer's: the client reads but can't replace or delete it", async () => {
    const s = await setup();
    const shared = DocumentResponseSchema.parse(
      (await addGeneral(s.lawyerToken, s.client.caseId, 'Advies van je jurist')).json(),
    ).data;
    const own = DocumentResponseSchema.parse(
      (await addGeneral(s.clientToken, s.client.caseId, 'Mijn eigen bewijs')).json(),
    ).data;
    const forClient = await list(s.clientToken, s.client.caseId);
    expect(forClient.find((d) => d.id === shared.id)).toMatchObject({ locked: true });
    expect(forClient.find((d) => d.id === own.id)).toMatchObject({ locked: false });
    expect(forClient.find((d) => d.id === s.first.id)).toMatchObject({ locked: false });
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/cases/mine', headers: bearer(s.clientToken) });
    expect((mine.json().data.documents as Document[]).find((d) => d.id === shared.id)).toMatchObject({ locked: true });
    expect((await list(s.lawyerToken, s.client.caseId)).find((d) => d.id === shared.id)).toMatchObject({
      locked: false,
    });

    const before = storedFiles();
    const replaced = await upload(s.clientToken, shared.id, { filename: 'anders.pdf', data: PDF });
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toBe(
      'Dit document heeft je jurist met je gedeeld. Je kunt het bekijken en downloaden, maar niet ' +
        'vervangen of verwijderen.',
    );
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${shared.id}`,
      headers: { ...bearer(s.clientToken), 'accept-language': 'en-US' },
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toMatch(/^Your lawyer shared this document/);
    expect(storedFiles()).toEqual(before);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, shared.id));
    expect(row).toMatchObject({ filename: 'extra.pdf', uploadedBy: s.lawyer.id, version: 1 });

    // The lawyer still replaces and deletes it; the client's own documents stay theirs.
    expect((await upload(s.lawyerToken, shared.id, { filename: 'nieuw.pdf', data: PDF })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${shared.id}`, headers: bearer(s.lawyerToken) }))
        .statusCode,
    ).toBe(204);
    expect((await upload(s.clientToken, own.id, { filename: 'v2.pdf', data: PDF })).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${own.id}`, headers: bearer(s.clientToken) }))
        .statusCode,
    ).toBe(204);
  });

  it('lists only documents with a file in the slideshow', async () => {
    const s = await setup();
    await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${s.client.caseId}/documents/slideshow`,
      headers: bearer(s.clientToken),
    });
    expect(DocumentListResponseSchema.parse(response.json()).data.map((d) => d.id)).toEqual([s.first.id]);
  });
});

describe('access to documents', () => {
  it("answers 404 for another client's case, documents and downloads, and changes nothing", async () => {
    const s = await setup();
    await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    const intruder = await createTestClient(ctx);
    const token = await tokenFor(ctx, intruder.id);
    const [before] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/cases/${s.client.caseId}/documents`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/cases/${s.client.caseId}/documents/slideshow`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(404);
    expect((await addGeneral(token, s.client.caseId, 'Indringer')).statusCode).toBe(404);
    expect((await upload(token, s.first.id, { filename: 'x.pdf', data: PDF })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/documents/${s.first.id}/download`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${s.first.id}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/documents/not-a-uuid', headers: bearer(token) })).statusCode,
    ).toBe(404);
    const [after] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(after).toEqual(before);
    expect(
      (await ctx.db.select().from(documents).where(eq(documents.caseId, s.client.caseId))).filter((d) => !d.mandatory),
    ).toHaveLength(0);
  });

  it("answers 404 for another lawyer's documents", async () => {
    const s = await setup();
    await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    const other = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, other.id);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/cases/${s.client.caseId}/documents`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/documents/${s.first.id}/download`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/documents/${s.first.id}/review`,
          headers: bearer(token),
          payload: { status: 'Approved' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/documents/${s.first.id}/set-visibility`,
          headers: bearer(token),
          payload: { visible: false },
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(row).toMatchObject({ status: 'Uploaded', visible: true });
  });

  it('answers 401 without a token', async () => {
    const s = await setup();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/cases/${s.client.caseId}/documents` })).statusCode).toBe(
      401,
    );
  });
});

describe('a storage fault on a download', () => {
  it('answers 404 for a file the store no longer has and 503 with Retry-After when it cannot read', async () => {
    const s = await setup();
    const doc = DocumentResponseSchema.parse(
      (await upload(s.clientToken, s.first.id, { filename: 'brief.pdf', data: PDF })).json(),
    ).data;
    const viaApi = () =>
      ctx.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/download`, headers: bearer(s.lawyerToken) });
    const viaLink = () => fetchLink(doc.temporary_url!);
    const read = ctx.storage.read;
    const faults: [() => Error, number][] = [
      [() => Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' }), 404],
      [() => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }), 503],
      [() => new StorageUnavailableError('File storage (S3) is unreachable'), 503],
    ];
    try {
      for (const [fault, status] of faults) {
        ctx.storage.read = async () => {
          throw fault();
        };
        for (const response of [await viaApi(), await viaLink()]) {
          expect(response.statusCode).toBe(status);
          expect(response.body).not.toContain('brief.pdf');
          if (status === 503) {
            expect(response.headers['retry-after']).toBeDefined();
            expect(response.json().message).toBe(
              'Het portaal is even niet bereikbaar. Probeer het over een paar minuten opnieuw.',
            );
          }
        }
      }
    } finally {
      ctx.storage.read = read;
    }
    expect((await viaApi()).statusCode).toBe(200);
    expect((await viaLink()).statusCode).toBe(200);
  });
});

describe('signed file links', () => {
  it('previews a pdf inline with nosniff and refuses an expired or altered link', async () => {
    const s = await setup();
    const doc = DocumentResponseSchema.parse(
      (await upload(s.clientToken, s.first.id, { filename: 'brief.pdf', data: PDF })).json(),
    ).data;
    const ok = await fetchLink(doc.temporary_url!);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toMatch(/^inline; /);
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const forced = await fetchLink(`${doc.temporary_url!}&download=1`);
    expect(forced.headers['content-disposition']).toMatch(/^attachment; /);
    expect(forced.headers['content-type']).toBe('application/octet-stream');

    const altered = doc.temporary_url!.replace(
      /signature=(.)/,
      (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await fetchLink(altered)).statusCode).toBe(403);
    const otherId = doc.temporary_url!.replace(doc.id, s.mandatory[1]!.id);
    expect((await fetchLink(otherId)).statusCode).toBe(403);
    ctx.clock.advance(5 * 60_000 + 1000);
    const expired = await fetchLink(doc.temporary_url!);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe('Deze link is verlopen of ongeldig.');
  });

  it('serves an SVG only sandboxed, and bytes that do not match the extension only as a download', async () => {
    const s = await setup();
    const svg = DocumentResponseSchema.parse(
      (await upload(s.clientToken, s.first.id, { filename: 'tekening.svg', data: SVG })).json(),
    ).data;
    const served = await fetchLink(svg.temporary_url!);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(served.headers['content-security-policy']).not.toMatch(/script-src/);

    // Bytes that do not match the extension, and types a case does not have, are not stored at all.
    for (const [id, filename, data] of [
      [s.mandatory[1]!.id, 'foto.png', SVG],
      [s.mandatory[2]!.id, 'pagina.html', '<script>alert(1)</script>'],
      [s.mandatory[2]!.id, 'pagina.pdf', '<html><script>alert(1)</script></html>'],
    ] as const) {
      const refused = await upload(s.clientToken, id, { filename, data });
      expect(refused.statusCode, filename).toBe(422);
      expect(refused.json().errors.file, filename).toHaveLength(1);
    }
  });
});

describe('reviewing documents', () => {
  const review = (token: string, id: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/review`,
      headers: bearer(token),
      payload: payload as object,
    });

  it('approves an uploaded document and records an audit line', async () => {
    const s = await setup();
    await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    const response = await review(s.lawyerToken, s.first.id, { status: 'Approved' });
    expect(response.statusCode).toBe(200);
    const doc = DocumentResponseSchema.parse(response.json()).data;
    expect(doc).toMatchObject({ status: 'Approved', message: null, rejected_by: null });
    expect(doc.approved_by?.id).toBe(s.lawyer.id);
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, s.first.id), eq(auditEvents.action, 'document.approved')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(s.lawyer.id);
    // a decided document cannot be decided again
    expect((await review(s.lawyerToken, s.first.id, { status: 'Rejected', message: 'toch niet' })).statusCode).toBe(
      409,
    );
  });

  it('rejects with a message the client sees; a new version goes back to Uploaded without the message', async () => {
    const s = await setup();
    await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    const rejected = DocumentResponseSchema.parse(
      (
        await review(s.lawyerToken, s.first.id, { status: 'Rejected', message: '  Onleesbaar, graag opnieuw.  ' })
      ).json(),
    ).data;
    expect(rejected).toMatchObject({ status: 'Rejected', message: 'Onleesbaar, graag opnieuw.', approved_by: null });
    expect(rejected.rejected_by?.id).toBe(s.lawyer.id);
    const seen = (await list(s.clientToken, s.client.caseId)).find((d) => d.id === s.first.id);
    expect(seen).toMatchObject({ status: 'Rejected', message: 'Onleesbaar, graag opnieuw.' });
    const again = DocumentResponseSchema.parse(
      (await upload(s.clientToken, s.first.id, { filename: 'b.pdf', data: PDF })).json(),
    ).data;
    expect(again).toMatchObject({
      status: 'Uploaded',
      message: null,
      rejected_by: null,
      approved_by: null,
      filename: 'b.pdf',
    });
    expect((await review(s.lawyerToken, s.first.id, { status: 'Approved' })).statusCode).toBe(200);
  });

  it('refuses to review a document without a file, bad bodies and a client', async () => {
    const s = await setup();
    expect((await review(s.lawyerToken, s.first.id, { status: 'Approved' })).statusCode).toBe(409);
    await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    expect((await review(s.lawyerToken, s.first.id, { status: 'Uploaded' })).statusCode).toBe(422);
    expect((await review(s.lawyerToken, s.first.id, { status: 'Approved', message: 'x' })).statusCode).toBe(422);
    expect(
      (await review(s.lawyerToken, s.first.id, { status: 'Rejected', message: 'x'.repeat(2001) })).statusCode,
    ).toBe(422);
    expect((await review(s.lawyerToken, s.first.id, { status: 'Rejected', message: 42 })).statusCode).toBe(422);
    expect((await review(s.clientToken, s.first.id, { status: 'Approved' })).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(row?.status).toBe('Uploaded');
  });

  it('lets exactly one of two parallel decisions win', async () => {
    const s = await setup();
    for (let round = 0; round < 3; round++) {
      await upload(s.clientToken, s.first.id, { filename: `r${round}.pdf`, data: PDF });
      const [a, b] = await Promise.all([
        review(s.lawyerToken, s.first.id, { status: 'Approved' }),
        review(s.lawyerToken, s.first.id, { status: 'Rejected', message: 'nee' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 'Approved' : 'Rejected';
      const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
      expect(row?.status).toBe(winner);
      expect(row?.approvedBy === null).toBe(winner === 'Rejected');
    }
    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, s.first.id));
    expect(audit.filter((a) => a.action === 'document.approved' || a.action === 'document.rejected')).toHaveLength(3);
    expect(audit.filter((a) => a.action === 'document.uploaded')).toHaveLength(3);
  });

  it("refuses in the reader's language (Dutch default): no file yet, a decided document, letter, program", async () => {
    const s = await setup();
    const english = { 'accept-language': 'en-US' };
    const download = (headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${s.first.id}/download`,
        headers: { ...bearer(s.clientToken), ...headers },
      });
    expect((await download(english)).json().message).toBe('No file has been uploaded yet.');
    expect((await download()).json().message).toBe('Er is nog geen bestand geüpload.');

    const reviewIn = (payload: object, headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${s.first.id}/review`,
        headers: { ...bearer(s.lawyerToken), ...headers },
        payload,
      });
    const notYet = await reviewIn({ status: 'Approved' }, english);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(
      'Only an uploaded document that has not been reviewed yet can be approved or rejected.',
    );
    expect((await reviewIn({ status: 'Approved' })).json().message).toBe(
      'Alleen een geüpload document dat nog niet is beoordeeld kan worden goed- of afgekeurd.',
    );

    const program = multipartBody([
      { name: 'file', filename: 'factuur.pdf', data: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]) },
    ]);
    const sendProgram = (headers: Record<string, string> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${s.first.id}/upload`,
        headers: { ...bearer(s.clientToken), ...program.headers, ...headers },
        payload: program.payload,
      });
    const refused = await sendProgram(english);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual([
      'This file is a program. Upload only documents, such as a PDF, photo or Word file.',
    ]);
    expect((await sendProgram()).json().errors.file).toEqual([
      'Dit bestand is een programma. Upload alleen documenten, zoals een pdf, foto of Word-bestand.',
    ]);

    await ctx.db.update(documents).set({ slotKey: 'opdrachtbevestiging' }).where(eq(documents.id, s.first.id));
    const letter = await upload(s.clientToken, s.first.id, { filename: 'a.pdf', data: PDF });
    expect(letter.statusCode).toBe(409);
    expect(letter.json().message).toBe('De opdrachtbevestiging kan niet worden vervangen, afgekeurd of verwijderd.');
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${s.first.id}`,
      headers: { ...bearer(s.lawyerToken), ...english },
    });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('The engagement letter cannot be replaced, rejected or deleted.');
  });
});

describe('document visibility', () => {
  const setVisible = (token: string, id: string, visible: unknown) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/documents/${id}/set-visibility`,
      headers: bearer(token),
      payload: { visible },
    });

  it('hides a document from the client and shows it again, with audit lines', async () => {
    const s = await setup();
    const general = DocumentResponseSchema.parse(
      (await addGeneral(s.lawyerToken, s.client.caseId, 'Notitie advocaat')).json(),
    ).data;
    expect((await setVisible(s.lawyerToken, general.id, false)).statusCode).toBe(200);
    expect((await list(s.clientToken, s.client.caseId)).some((d) => d.id === general.id)).toBe(false);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/documents/${general.id}/download`,
          headers: bearer(s.clientToken),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${general.id}`, headers: bearer(s.clientToken) }))
        .statusCode,
    ).toBe(404);
    expect((await list(s.lawyerToken, s.client.caseId)).find((d) => d.id === general.id)?.visible).toBe(false);
    const shown = await setVisible(s.lawyerToken, general.id, true);
    expect(DocumentResponseSchema.parse(shown.json()).data.visible).toBe(true);
    expect((await list(s.clientToken, s.client.caseId)).some((d) => d.id === general.id)).toBe(true);
    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, general.id));
    expect(audit.map((a) => a.action).sort()).toEqual(['document.hidden', 'document.shown', 'document.uploaded']);
    expect(audit.every((a) => a.caseId === s.client.caseId)).toBe(true);
  });

  it('refuses a client and a wrong body', async () => {
    const s = await setup();
    expect((await setVisible(s.clientToken, s.first.id, false)).statusCode).toBe(404);
    expect((await setVisible(s.lawyerToken, s.first.id, 'false')).statusCode).toBe(422);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, s.first.id));
    expect(row?.visible).toBe(true);
  });
});
