import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { ZipFile } from 'yazl';
import { settlementVersions } from '../infra/db/schema';
import { createCaseAt, createTestContext, type TestContext } from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { makeDocx } from '../infra/testing/settlement-files';
import { computeRedline } from '../../contract/rules/redline';
import { addSettlementVersion } from './changes';
import { fillMissingRedlines } from './redline-job';

// Files the other party writes: zip and PDF bombs, macros and scripts. Each is refused with a
// Dutch message and leaves nothing behind, while the server goes on answering everyone else.
// The text worker's limits are settings (TEXT_WORKER_TIMEOUT_SECONDS, TEXT_WORKER_MEMORY_MB): here
// low ones, so that a file that would run the worker into the product's 20 s or 256 MB costs
// this test 8 s and 64 MB, with the same refusal. An ordinary file takes well under a second, the
// first PDF a worker reads (pdf.js loading) a few seconds on a loaded machine.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ textWorker: { timeoutMs: 8_000, heapMb: 64 } });
  ctx.clock.set(new Date('2026-03-01T09:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
});

const world = () => createCaseAt(ctx, 'reviewing-documents', { offer: 'extreme' });

const FIELDS = { from: 'employer', dated: '2026-02-20' };

function addVersion(
  caseId: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: [string, Buffer],
) {
  const body = multipart({ ...FIELDS, ...fields }, file ? [{ filename: file[0], data: file[1] }] : []);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/settlement/versions`,
    headers: { ...headers, ...body.headers, 'accept-language': 'nl-NL' },
    payload: body.payload,
  });
}

/** A zip of the given entries; a stream entry is compressed as it is read, never held whole. */
async function zip(entries: [string, Buffer | (() => Readable)][]): Promise<Buffer> {
  const file = new ZipFile();
  for (const [name, content] of entries) {
    if (Buffer.isBuffer(content)) file.addBuffer(content, name);
    else file.addReadStream(content(), name);
  }
  file.end();
  const chunks: Buffer[] = [];
  for await (const chunk of file.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/></Types>',
);
const RELS = Buffer.from(
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
    'Target="word/document.xml"/></Relationships>',
);

/** A .docx whose document.xml is `megabytes` MB of one repeated paragraph. */
function docxBomb(megabytes: number) {
  const paragraph = Buffer.from(
    '<w:p><w:r><w:t>De werknemer ontvangt een vergoeding. </w:t></w:r></w:p>'.repeat(14_000),
  );
  const chunk = paragraph.subarray(0, 1024 * 1024);
  const document = () =>
    Readable.from(
      (function* () {
        yield Buffer.from(
          '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
        );
        for (let i = 0; i < megabytes; i++) yield chunk;
        yield Buffer.from('</w:body></w:document>');
      })(),
    );
  return zip([
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', RELS],
    ['word/document.xml', document],
  ]);
}

/** The same bomb, but its headers claim that document.xml unpacks to 1 KB. */
async function understatedBomb(): Promise<Buffer> {
  const bytes = await docxBomb(24);
  const name = Buffer.from('word/document.xml');
  for (const [signature, sizeAt, nameAt] of [
    [0x04034b50, 22, 30],
    [0x02014b50, 24, 46],
  ] as const) {
    for (
      let i = bytes.indexOf(Buffer.from([0x50, 0x4b]));
      i !== -1;
      i = bytes.indexOf(Buffer.from([0x50, 0x4b]), i + 1)
    ) {
      if (bytes.readUInt32LE(i) !== signature) continue;
      if (!bytes.subarray(i + nameAt, i + nameAt + name.length).equals(name)) continue;
      bytes.writeUInt32LE(1024, i + sizeAt);
    }
  }
  return bytes;
}

/** A .docx whose document.xml nests one element a million deep. */
function nestedDocx() {
  const depth = 1_000_000;
  return zip([
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', RELS],
    [
      'word/document.xml',
      Buffer.from(
        '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
          '<w:p>'.repeat(depth) +
          '</w:p>'.repeat(depth) +
          '</w:body></w:document>',
      ),
    ],
  ]);
}

async function pdfPages(count: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < count; i++) pdf.addPage([200, 200]);
  return Buffer.from(await pdf.save());
}

/** A small PDF whose one page draws text two million times (about 100 MB once inflated). */
async function pdfHugeContent(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawText('x', { font: await pdf.embedFont(StandardFonts.Helvetica), size: 12 });
  const operation = Buffer.from('BT /F1 12 Tf 10 10 Td (Artikel een twee drie) Tj ET\n');
  const count = 2_000_000;
  const content = Buffer.alloc(operation.length * count);
  for (let i = 0; i < count; i++) operation.copy(content, i * operation.length);
  // Deflated by node's zlib (pdf-lib's own deflate takes seconds for 100 MB).
  const stream = pdf.context.stream(deflateSync(content), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  return Buffer.from(await pdf.save());
}

async function pdfWithJavaScript(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.addJavaScript('start', 'app.launchURL("https://example.invalid")');
  return Buffer.from(await pdf.save());
}

async function macroDocx(): Promise<Buffer> {
  return zip([
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', RELS],
    ['word/document.xml', Buffer.from('<w:document/>')],
    ['word/vbaProject.bin', Buffer.from('Attribute VB_Name = "ThisDocument"')],
  ]);
}

/**
 * Sends `request` and, while it is in flight, asks /healthz again and again: the answers that
 * came back before the request's own show that the server kept answering.
 */
async function whileHealthzAnswers<T>(request: Promise<T>): Promise<{ result: T; answered: number }> {
  let done = false;
  let answered = 0;
  const poll = (async () => {
    while (!done) {
      const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      if (health.statusCode === 200 && !done) answered += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const result = await request;
  done = true;
  await poll;
  return { result, answered };
}

async function nothingStored(caseId: string) {
  expect(await ctx.db.select().from(settlementVersions).where(eq(settlementVersions.caseId, caseId))).toEqual([]);
  const keys: string[] = [];
  for await (const { key } of ctx.storage.list(`settlement/${caseId}`)) keys.push(key);
  expect(keys).toEqual([]);
}

describe('hostile files as a settlement version', () => {
  it('refuses .docx zip bombs, honest or understating their size, and a nested one; /healthz answers', async () => {
    const w = await world();
    const honest = await docxBomb(120);
    expect(honest.length).toBeLessThan(2 * 1024 * 1024);
    for (const [name, bytes, message] of [
      ['bom.docx', honest, /uitgepakt te groot/],
      ['bom-klein.docx', await understatedBomb(), /uitgepakt te groot/],
      ['diep.docx', await nestedDocx(), /kon niet worden gelezen|te veel tijd of geheugen/],
    ] as const) {
      const { result, answered } = await whileHealthzAnswers(addVersion(w.caseId, w.lawyer, {}, [name, bytes]));
      expect(result.statusCode, name).toBe(422);
      expect(result.json().errors.file[0]).toMatch(message);
      expect(answered, name).toBeGreaterThan(0);
      await nothingStored(w.caseId);
    }
  });

  it('refuses a PDF with too many pages and one with a huge content stream, while /healthz answers', async () => {
    const w = await world();
    const pages = await whileHealthzAnswers(addVersion(w.caseId, w.lawyer, {}, ['lang.pdf', await pdfPages(301)]));
    expect(pages.result.statusCode).toBe(422);
    expect(pages.result.json().errors.file).toEqual([
      "Deze pdf heeft meer dan 300 pagina's. Plak de tekst van de overeenkomst in het tekstveld.",
    ]);
    await nothingStored(w.caseId);

    const huge = await pdfHugeContent();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const heavy = await whileHealthzAnswers(addVersion(w.caseId, w.lawyer, {}, ['zwaar.pdf', huge]));
    expect(heavy.result.statusCode).toBe(422);
    expect(heavy.result.json().errors.file).toEqual([
      'Het lezen van de tekst van dit bestand kost te veel tijd of geheugen. ' +
        'Plak de tekst van de overeenkomst in het tekstveld.',
    ]);
    // Several answers while the worker read the file: the server's own thread was free.
    expect(heavy.answered).toBeGreaterThan(1);
    await nothingStored(w.caseId);

    // An ordinary file still goes through afterwards.
    const fine = await addVersion(w.caseId, w.lawyer, {}, ['voorstel.docx', await makeDocx(['Artikel 1. Einde.'])]);
    expect(fine.statusCode).toBe(201);
  }, 120_000);

  it('refuses a macro .docx and a PDF with JavaScript, as a version and as a document', async () => {
    const w = await world();
    const message =
      "Dit bestand bevat macro's of scripts die vanzelf kunnen starten, of kan daar niet op worden gecontroleerd. " +
      "Sla het op als gewone pdf of als Word-bestand zonder macro's (.docx) en upload het opnieuw.";
    for (const [name, bytes] of [
      ['voorstel.docx', await macroDocx()],
      ['voorstel.docm', await macroDocx()],
      ['voorstel.pdf', await pdfWithJavaScript()],
    ] as const) {
      const version = await addVersion(w.caseId, w.lawyer, {}, [name, bytes]);
      expect(version.statusCode, name).toBe(422);
      // A .docm is not a type the portal takes at all: refused for its type before its content.
      if (!name.endsWith('.docm')) expect(version.json().errors.file, name).toEqual([message]);
      await nothingStored(w.caseId);

      const body = multipart({ title: 'Brief van de werkgever' }, [{ filename: name, data: bytes }]);
      const document = await ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${w.caseId}/documents`,
        headers: { ...w.client, ...body.headers },
        payload: body.payload,
      });
      expect(document.statusCode, name).toBe(422);
      if (!name.endsWith('.docm')) expect(document.json().errors.file, name).toEqual([message]);
      const keys: string[] = [];
      for await (const { key } of ctx.storage.list(`documents/${w.caseId}`)) keys.push(key);
      expect(keys).toEqual([]);
    }
    // The same kinds of file without active content are taken.
    const clean = multipart({ title: 'Brief van de werkgever' }, [
      { filename: 'brief.docx', data: await makeDocx(['Geachte heer.']) },
    ]);
    const taken = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${w.caseId}/documents`,
      headers: { ...w.client, ...clean.headers },
      payload: clean.payload,
    });
    expect(taken.statusCode).toBe(201);
  });
});

describe('the stored redline', () => {
  const clauses = (count: number, word: (i: number) => string) =>
    Array.from(
      { length: count },
      (_, i) => `Artikel ${i + 1}. De werkgever betaalt ${word(i)} op de dag dat de arbeidsovereenkomst eindigt.`,
    ).join('\n\n');

  it('answers the redline of two 40,000-character versions within a second, read from what was stored', async () => {
    const w = await world();
    const before = clauses(470, (i) => `€ ${i + 1}.000`);
    const after = clauses(470, (i) => (i % 10 ? `€ ${i + 1}.000` : `€ ${i + 1}.500`));
    expect(before.length).toBeGreaterThan(40_000);
    expect((await addVersion(w.caseId, w.lawyer, { text: before })).statusCode).toBe(201);
    const second = await addVersion(w.caseId, w.lawyer, { text: after, from: 'us' });
    expect(second.statusCode).toBe(201);
    const started = performance.now();
    const redline = await ctx.app.inject({
      method: 'GET',
      url: `/api/settlement-versions/${second.json().data.id}/redline`,
      headers: w.client,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(redline.statusCode).toBe(200);
    const parts = redline.json().data as { op: string; text: string }[];
    expect(redline.json().meta).toEqual({ too_many_changes: false, pending: false });
    expect(parts.filter((p) => p.op === 'delete').map((p) => p.text)).toEqual(
      Array.from({ length: 47 }, (_, i) => `${i * 10 + 1}.000`),
    );
    expect(parts.filter((p) => p.op === 'insert').map((p) => p.text)).toEqual(
      Array.from({ length: 47 }, (_, i) => `${i * 10 + 1}.500`),
    );
  });

  it('says there are too many changes past its bound, with both texts whole', async () => {
    const w = await world();
    const words = (word: (i: number) => string) => Array.from({ length: 6_000 }, (_, i) => word(i)).join(' ');
    const before = words((i) => `woord${i}`);
    const after = words((i) => (i % 2 ? `woord${i}` : `anders${i}`));
    await addVersion(w.caseId, w.lawyer, { text: before });
    const second = await addVersion(w.caseId, w.lawyer, { text: after, from: 'us' });
    const redline = await ctx.app.inject({
      method: 'GET',
      url: `/api/settlement-versions/${second.json().data.id}/redline`,
      headers: w.client,
    });
    expect(redline.json()).toEqual({
      data: [
        { op: 'delete', text: before },
        { op: 'insert', text: after },
      ],
      meta: { too_many_changes: true, pending: false },
    });
  });

  it('keeps no redline computed against a version that is no longer the newest; the job makes it', async () => {
    const w = await world();
    // Computed against no version at all, while version 1 was added meanwhile.
    const redline = computeRedline('', 'EUR 24.500');
    await addVersion(w.caseId, w.lawyer, { text: 'EUR 18.000' });
    const row = await addSettlementVersion(ctx.db, {
      id: randomUUID(),
      caseRow: { id: w.caseId, offer: 'extreme' },
      actorId: w.lawyerId,
      fields: { from: 'us', dated: '2026-02-21' },
      text: 'EUR 24.500',
      terms: {},
      file: null,
      redline: { value: redline, after: 0 },
      now: ctx.clock.now(),
    });
    expect(row.number).toBe(2);
    const stored = async () =>
      (await ctx.db.select().from(settlementVersions).where(eq(settlementVersions.id, row.id)))[0]?.redline;
    expect(await stored()).toBeNull();
    await fillMissingRedlines(ctx.db);
    expect(await stored()).toEqual({
      parts: [
        { op: 'equal', text: 'EUR ' },
        { op: 'delete', text: '18.000' },
        { op: 'insert', text: '24.500' },
      ],
      too_many_changes: false,
    });
  });

  it('answers pending, computing nothing, for a version without one until the redline job has run', async () => {
    const w = await world();
    await addVersion(w.caseId, w.lawyer, { text: 'EUR 18.000' });
    const second = await addVersion(w.caseId, w.lawyer, { text: 'EUR 24.500', from: 'us' });
    const id = second.json().data.id as string;
    // As a version stored before redlines were kept.
    await ctx.db.update(settlementVersions).set({ redline: null }).where(eq(settlementVersions.caseId, w.caseId));
    const get = () =>
      ctx.app.inject({ method: 'GET', url: `/api/settlement-versions/${id}/redline`, headers: w.client });
    expect((await get()).json()).toEqual({ data: [], meta: { too_many_changes: false, pending: true } });
    expect((await get()).json().meta.pending).toBe(true);
    expect(await fillMissingRedlines(ctx.db)).toBeGreaterThanOrEqual(2);
    expect((await get()).json()).toEqual({
      data: [
        { op: 'equal', text: 'EUR ' },
        { op: 'delete', text: '18.000' },
        { op: 'insert', text: '24.500' },
      ],
      meta: { too_many_changes: false, pending: false },
    });
  });
});
