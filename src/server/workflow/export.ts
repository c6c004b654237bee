import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { documents } from '../infra/db/schema';
import type { Storage } from '../infra/storage/storage';
import { settlementExport } from '../settlement/export';

/** A file name that is safe in any archive tool: no folders, no control or reserved characters. */
function safeName(value: string): string {
  const cleaned = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\\/:*?"<>|]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  return cleaned.slice(0, 120) || 'document';
}

/** Entry names for the documents: 'title - file name', unique within the archive. */
export function zipEntryNames(rows: readonly { title: string; filename: string | null }[]): string[] {
  const used = new Set<string>();
  return rows.map((row) => {
    const base = row.filename ? `${safeName(row.title)} - ${safeName(row.filename)}` : safeName(row.title);
    const dot = base.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

type ExportDocument = { title: string; filename: string | null; storageKey: string | null; uploadedAt: Date | null };

/**
 * The documents of the case the client may see that have a file, mandatory first: what every export of the case holds.
 */
export async function listExportDocuments(db: Db, caseId: string): Promise<ExportDocument[]> {
  return db
    .select({
      title: documents.title,
      filename: documents.filename,
      storageKey: documents.storageKey,
      uploadedAt: documents.uploadedAt,
    })
    .from(documents)
    .where(and(eq(documents.caseId, caseId), eq(documents.visible, true), isNotNull(documents.storageKey)))
    .orderBy(sql`${documents.mandatory} DESC`, asc(documents.createdAt));
}

/** A lazy entry: the file is opened from storage only when the archive reaches it. */
export function addStoredFile(zip: ZipFile, storage: Storage, name: string, key: string, mtime: Date) {
  zip.addReadStreamLazy(name, { mtime }, (callback) => {
    storage.read(key).then(
      (file) => callback(null, file.stream),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), null as unknown as Readable),
    );
  });
}

/**
 * Adds the case's documents (under `folder`, '' for the root) and its settlement agreement
 * (its versions, terms and responses as JSON, and its files) to a zip. Used by the documents
 * download below and by the client's data export (src/server/data-export/).
 */
export async function addCaseFiles(
  zip: ZipFile,
  input: { db: Db; storage: Storage; caseId: string; now: Date; folder?: string },
): Promise<{ documents: number; settlementFiles: number }> {
  const rows = await listExportDocuments(input.db, input.caseId);
  const names = zipEntryNames(rows);
  const folder = input.folder ? `${input.folder}/` : '';
  rows.forEach((row, index) =>
    addStoredFile(
      zip,
      input.storage,
      `${folder}${names[index] as string}`,
      row.storageKey as string,
      row.uploadedAt ?? input.now,
    ),
  );
  const settlement = await settlementExport(input.db, input.caseId);
  if (settlement.json)
    zip.addBuffer(Buffer.from(settlement.json), 'vaststellingsovereenkomst/gegevens.json', { mtime: input.now });
  for (const file of settlement.files) {
    addStoredFile(
      zip,
      input.storage,
      // eslint-disable-next-line no-control-regex
      file.name.replace(/[\u0000-\u001f\u007f\\:*?"<>|]/g, '_').slice(0, 160),
      file.key,
      file.at,
    );
  }
  return { documents: rows.length, settlementFiles: settlement.files.length };
}

/**
 * One zip of every visible document of the case that has a file, streamed: each file is
 * opened only when the archive reaches it (yazl's lazy entries) and read from the storage
 * interface chunk by chunk, so neither a file nor the archive is ever held in memory whole.
 */
export async function streamCaseExport(db: Db, storage: Storage, caseId: string, now: Date): Promise<Readable> {
  const zip = new ZipFile();
  await addCaseFiles(zip, { db, storage, caseId, now });
  zip.end();
  return zip.outputStream as unknown as Readable;
}
