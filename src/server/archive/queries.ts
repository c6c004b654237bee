import type { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Db } from '../infra/db/client';
import { queryRows } from '../infra/db/sql';
import { caseLawyers, cases, documents, fileDestructions, users } from '../infra/db/schema';
import type { Storage } from '../infra/storage/storage';
import type { ArchiveDetail, ArchivedCase, FileDestruction } from '../../contract/archive';
import { getFileDestructionDate } from '../../contract/rules/case-route';
import { getDisplayName } from '../../contract/rules/display-name';
import { amsterdamDay } from '../../contract/rules/dutch-date';
import { collectClientData } from '../data-export/collect';
import { ENTRIES } from '../data-export/rules';
import { settlementExport } from '../settlement/export';
import { addCaseFiles, addStoredFile, zipEntryNames } from '../workflow/export';

/** At most this many archived cases per answer: the search narrows it. */
export const ARCHIVE_LIMIT = 100;
/** The newest destruction records shown. */
export const DESTRUCTIONS_LIMIT = 500;

const iso = (date: Date | null) => date?.toISOString() ?? null;
const fullName = (u: { name: string | null; infix?: string | null; lastName: string | null }) =>
  getDisplayName({ name: u.name, infix: u.infix ?? null, last_name: u.lastName }) ?? '';

/** Who asks: an admin reads every archived case, a lawyer the cases assigned to them. */
export type ArchiveReader = { userId: string; role: 'admin' | 'lawyer' };

const readableBy = (reader: ArchiveReader): SQL | undefined =>
  reader.role === 'admin'
    ? undefined
    : sql`EXISTS (SELECT 1 FROM ${caseLawyers}
        WHERE ${caseLawyers.caseId} = ${cases.id} AND ${caseLawyers.lawyerId} = ${reader.userId})`;

/** `%`, `_` and `\` typed by the reader match themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function lawyerNames(db: Db, caseIds: string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (caseIds.length === 0) return names;
  const rows = await db
    .select({ caseId: caseLawyers.caseId, name: users.name, infix: users.infix, lastName: users.lastName })
    .from(caseLawyers)
    .innerJoin(users, eq(users.id, caseLawyers.lawyerId))
    .where(inArray(caseLawyers.caseId, caseIds))
    .orderBy(asc(users.lastName));
  for (const row of rows) names.set(row.caseId, [...(names.get(row.caseId) ?? []), fullName(row)]);
  return names;
}

const caseColumns = {
  id: cases.id,
  clientName: users.name,
  clientInfix: users.infix,
  clientLastName: users.lastName,
  companyName: cases.companyName,
  completedAt: cases.completedAt,
  archivedAt: cases.archivedAt,
  legalHold: cases.legalHold,
  legalHoldReason: cases.legalHoldReason,
};

type CaseRow = {
  id: string;
  clientName: string | null;
  clientInfix: string | null;
  clientLastName: string | null;
  companyName: string | null;
  completedAt: Date | null;
  archivedAt: Date | null;
  legalHold: boolean;
};

function toArchivedCase(row: CaseRow, lawyers: string[], years: number): ArchivedCase {
  return {
    case_id: row.id,
    client_name: fullName({ name: row.clientName, infix: row.clientInfix, lastName: row.clientLastName }),
    company_name: row.companyName,
    completed_at: iso(row.completedAt),
    archived_at: (row.archivedAt as Date).toISOString(),
    destroy_on: row.completedAt ? amsterdamDay(getFileDestructionDate(row.completedAt, years)) : null,
    legal_hold: row.legalHold,
    lawyers,
  };
}

/** The archived cases the reader may see, newest archived first; `q` matches the client's or employer's name. */
export async function listArchive(
  db: Db,
  reader: ArchiveReader,
  input: { q: string | undefined; years: number },
): Promise<ArchivedCase[]> {
  const q = input.q?.trim();
  const rows = await db
    .select(caseColumns)
    .from(cases)
    .innerJoin(users, eq(users.id, cases.clientId))
    .where(
      and(
        isNotNull(cases.archivedAt),
        readableBy(reader),
        q
          ? sql`(${cases.clientName} ILIKE ${likePattern(q)}
              OR ${cases.companyName} ILIKE ${likePattern(q)}
              OR concat_ws(' ', ${users.name}, ${users.infix}, ${users.lastName}) ILIKE ${likePattern(q)}
              OR ${cases.id}::text = ${q.toLowerCase()})`
          : undefined,
      ),
    )
    .orderBy(desc(cases.archivedAt), asc(cases.id))
    .limit(ARCHIVE_LIMIT);
  const lawyers = await lawyerNames(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toArchivedCase(row, lawyers.get(row.id) ?? [], input.years));
}

/** One archived case the reader may see, with what its file holds; null when there is none (404). */
export async function getArchivedCase(
  db: Db,
  reader: ArchiveReader,
  input: { caseId: string; years: number },
): Promise<ArchiveDetail | null> {
  const [row] = await db
    .select(caseColumns)
    .from(cases)
    .innerJoin(users, eq(users.id, cases.clientId))
    .where(and(eq(cases.id, input.caseId), isNotNull(cases.archivedAt), readableBy(reader)));
  if (!row) return null;
  const lawyers = await lawyerNames(db, [row.id]);
  const docs = await db
    .select({
      id: documents.id,
      title: documents.title,
      filename: documents.filename,
      uploadedAt: documents.uploadedAt,
      sizeBytes: documents.sizeBytes,
    })
    .from(documents)
    .where(and(eq(documents.caseId, row.id), isNotNull(documents.storageKey)))
    .orderBy(asc(documents.createdAt));
  const [counts] = await queryRows<Record<string, number | string>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM documents WHERE case_id = ${row.id}::uuid AND storage_key IS NOT NULL) AS documents,
      (SELECT count(*) FROM messages WHERE case_id = ${row.id}::uuid) AS messages,
      (SELECT count(*) FROM settlement_versions WHERE case_id = ${row.id}::uuid) AS settlement_versions,
      (SELECT count(*) FROM appointments WHERE case_id = ${row.id}::uuid) AS appointments`,
  );
  return {
    ...toArchivedCase(row, lawyers.get(row.id) ?? [], input.years),
    legal_hold_reason: row.legalHoldReason,
    counts: {
      documents: Number(counts?.documents ?? 0),
      messages: Number(counts?.messages ?? 0),
      settlement_versions: Number(counts?.settlement_versions ?? 0),
      appointments: Number(counts?.appointments ?? 0),
    },
    documents: docs.map((d) => ({
      id: d.id,
      title: d.title,
      filename: d.filename,
      uploaded_at: iso(d.uploadedAt),
      size_bytes: d.sizeBytes,
    })),
  };
}

/**
 * The archived file as a zip, streamed: the case's data as JSON (as the client's data export
 * writes it, without the client's complaints: those are the complaints officer's), every
 * document including those the client never saw (under documenten/), and the settlement
 * agreement's versions and signed copy.
 */
export async function streamArchiveZip(
  db: Db,
  storage: Storage,
  input: { caseId: string; clientId: string; now: Date },
): Promise<Readable> {
  const zip = new ZipFile();
  const data = await collectClientData(db, input.clientId);
  if (data) {
    const settlement = await settlementExport(db, input.caseId);
    if (settlement.json) data.sections[ENTRIES.settlement] = JSON.parse(settlement.json) as unknown;
    for (const [entry, value] of Object.entries(data.sections)) {
      if (entry === ENTRIES.settlement || entry === ENTRIES.complaints) continue;
      zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), entry, { mtime: input.now });
    }
  }
  await addCaseFiles(zip, { db, storage, caseId: input.caseId, now: input.now, folder: 'documenten' });
  // The documents the client never saw (a lawyer's own, hidden ones): the firm's file holds them too.
  const hidden = await db
    .select({
      title: documents.title,
      filename: documents.filename,
      storageKey: documents.storageKey,
      uploadedAt: documents.uploadedAt,
    })
    .from(documents)
    .where(and(eq(documents.caseId, input.caseId), eq(documents.visible, false), isNotNull(documents.storageKey)))
    .orderBy(asc(documents.createdAt));
  const names = zipEntryNames(hidden);
  hidden.forEach((row, index) =>
    addStoredFile(
      zip,
      storage,
      `documenten/intern/${names[index]}`,
      row.storageKey as string,
      row.uploadedAt ?? input.now,
    ),
  );
  zip.end();
  return zip.outputStream as unknown as Readable;
}

/** The client of an archived case the reader may see, or null (404). */
export async function findArchivedCaseClient(
  db: Db,
  reader: ArchiveReader,
  caseId: string,
): Promise<{ id: string; clientId: string } | null> {
  const [row] = await db
    .select({ id: cases.id, clientId: cases.clientId })
    .from(cases)
    .where(and(eq(cases.id, caseId), isNotNull(cases.archivedAt), readableBy(reader)));
  return row ?? null;
}

/** The destruction records, newest first. */
export async function listDestructions(db: Db): Promise<FileDestruction[]> {
  const rows = await db
    .select()
    .from(fileDestructions)
    .orderBy(desc(fileDestructions.destroyedAt), asc(fileDestructions.caseId))
    .limit(DESTRUCTIONS_LIMIT);
  return rows.map((r) => ({
    case_id: r.caseId,
    client_initials: r.clientInitials,
    completed_at: iso(r.completedAt),
    archived_at: iso(r.archivedAt),
    destroyed_at: r.destroyedAt.toISOString(),
    counts: r.counts,
  }));
}
