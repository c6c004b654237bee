import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

/** Only the document types of a dismissal case, by bytes and extension; multipart parts in any order. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer | string };
/** A multipart body with the parts in exactly this order. */
function body(parts: Part[]) {
  const boundary = `----types${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part)
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; ` +
            `filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>';
const ACCEPTED =
  'PDF, JPG, PNG, HEIC, WebP, TIFF, SVG, Word (DOC, DOCX), Excel (XLS, XLSX), ODT, ODS, RTF, TXT, EML, MSG';

async function clientCase() {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
  return { ...client, token: await tokenFor(ctx, client.id) };
}
const post = (url: string, token: string, parts: Part[], language = 'nl-NL') => {
  const b = body(parts);
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...b.headers, 'accept-language': language },
    payload: b.payload,
  });
};
const countDocuments = async (caseId: string) =>
  (await ctx.db.select().from(documents).where(eq(documents.caseId, caseId))).length;

describe('accepted document types', () => {
  it('refuses HTML named .pdf with 422 naming what is accepted, on every upload route, and keeps nothing', async () => {
    const c = await clientCase();
    const before = await countDocuments(c.caseId);
    const [slot] = await ctx.db.select().from(documents).where(eq(documents.caseId, c.caseId)).limit(1);
    for (const [url, parts] of [
      [
        `/api/cases/${c.caseId}/documents`,
        [
          { name: 'title', value: 'Loonstrook' },
          { name: 'file', filename: 'loonstrook.pdf', data: HTML },
        ],
      ],
      [`/api/documents/${slot!.id}/upload`, [{ name: 'file', filename: 'contract.pdf', data: HTML }]],
      [
        `/api/cases/${c.caseId}/messages`,
        [
          { name: 'text', value: 'Zie bijlage' },
          { name: 'file', filename: 'bijlage.pdf', data: HTML },
        ],
      ],
      [
        `/api/cases/${c.caseId}/documents`,
        [
          { name: 'title', value: 'Website' },
          { name: 'file', filename: 'site.html', data: HTML },
        ],
      ],
      [
        `/api/cases/${c.caseId}/documents`,
        [
          { name: 'title', value: 'Archief' },
          { name: 'file', filename: 'archief.zip', data: Buffer.from([0x50, 0x4b, 3, 4, 0, 0]) },
        ],
      ],
    ] as [string, Part[]][]) {
      const response = await post(url, c.token, parts);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.file).toEqual([
        `Dit type bestand kun je niet uploaden. Toegestaan zijn: ${ACCEPTED}.`,
      ]);
    }
    const english = await post(
      `/api/cases/${c.caseId}/documents`,
      c.token,
      [
        { name: 'title', value: 'X' },
        { name: 'file', filename: 'x.pdf', data: HTML },
      ],
      'en-US',
    );
    expect(english.json().errors.file).toEqual([`You cannot upload this type of file. Accepted are: ${ACCEPTED}.`]);
    expect(await countDocuments(c.caseId)).toBe(before);
    const [unchanged] = await ctx.db.select().from(documents).where(eq(documents.id, slot!.id));
    expect(unchanged?.storageKey).toBeNull();
  });

  it('accepts the listed types by their bytes (Word, e-mail, HEIC, plain text)', async () => {
    const c = await clientCase();
    const files: [string, Buffer | string][] = [
      ['brief.docx', Buffer.from([0x50, 0x4b, 3, 4, 20, 0, 6, 0])],
      ['mail.eml', 'From: hr@example.com\r\nSubject: Ontslag\r\n\r\nBeste Kees,'],
      ['foto.heic', Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), randomBytes(16)])],
      ['notitie.txt', 'Gesprek op 3 maart.'],
      ['bericht.msg', Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(16)])],
    ];
    for (const [filename, data] of files) {
      const response = await post(`/api/cases/${c.caseId}/documents`, c.token, [
        { name: 'title', value: filename },
        { name: 'file', filename, data },
      ]);
      expect(response.statusCode, filename).toBe(201);
    }
  });
});

describe('multipart parts in any order', () => {
  it('takes a title sent after the file like one sent before it, every time', async () => {
    const c = await clientCase();
    for (let i = 0; i < 4; i++) {
      const after = await post(`/api/cases/${c.caseId}/documents`, c.token, [
        { name: 'file', filename: 'loon.pdf', data: PDF },
        { name: 'title', value: `Loonstrook ${i}` },
      ]);
      expect(after.statusCode, `try ${i}`).toBe(201);
      expect(after.json().data.title).toBe(`Loonstrook ${i}`);
    }
    const before = await post(`/api/cases/${c.caseId}/documents`, c.token, [
      { name: 'title', value: 'Ervoor' },
      { name: 'file', filename: 'loon.pdf', data: PDF },
    ]);
    expect(before.statusCode).toBe(201);
    // A message's text after its attachment, too.
    const message = await post(`/api/cases/${c.caseId}/messages`, c.token, [
      { name: 'file', filename: 'bijlage.pdf', data: PDF },
      { name: 'text', value: 'Tekst na de bijlage' },
    ]);
    expect(message.statusCode).toBe(201);
    expect(message.json().data.text).toBe('Tekst na de bijlage');
  });

  it('still refuses a missing title after storing nothing', async () => {
    const c = await clientCase();
    const before = await countDocuments(c.caseId);
    const response = await post(`/api/cases/${c.caseId}/documents`, c.token, [
      { name: 'file', filename: 'loon.pdf', data: PDF },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('title');
    expect(await countDocuments(c.caseId)).toBe(before);
  });
});
