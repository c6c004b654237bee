import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settlementResponses, settlementSigned, settlementVersions } from '../db/schema';
import { termsOf } from './queries';

/** Every stored file of a case's settlement agreement: the versions' uploads and the signed copy. */
export async function settlementFileKeys(db: Db, caseId: string): Promise<string[]> {
  const [versions, signed] = await Promise.all([
    db
      .select({ key: settlementVersions.storageKey })
      .from(settlementVersions)
      .where(eq(settlementVersions.caseId, caseId)),
    db.select({ key: settlementSigned.storageKey }).from(settlementSigned).where(eq(settlementSigned.caseId, caseId)),
  ]);
  return [...versions, ...signed].map((r) => r.key).filter((key): key is string => Boolean(key));
}

/** The settlement entries of the case export: the data as JSON, and the uploaded and signed files. */
export async function settlementExport(
  db: Db,
  caseId: string,
): Promise<{ json: string | null; files: { name: string; key: string; at: Date }[] }> {
  const [versions, responses, [signed]] = await Promise.all([
    db
      .select()
      .from(settlementVersions)
      .where(eq(settlementVersions.caseId, caseId))
      .orderBy(asc(settlementVersions.number)),
    db
      .select()
      .from(settlementResponses)
      .where(eq(settlementResponses.caseId, caseId))
      .orderBy(asc(settlementResponses.createdAt)),
    db.select().from(settlementSigned).where(eq(settlementSigned.caseId, caseId)),
  ]);
  if (versions.length === 0 && !signed) return { json: null, files: [] };
  const data = {
    versions: versions.map((v) => ({
      number: v.number,
      from: v.fromParty,
      dated: v.dated,
      reply_by: v.replyBy,
      note: v.note,
      final: v.final,
      ww_check_approved_at: v.wwApprovedAt?.toISOString() ?? null,
      terms: termsOf(v),
      text: v.text,
      responses: responses
        .filter((r) => r.versionId === v.id)
        .map((r) => ({ response: r.response, text: r.text, at: r.createdAt.toISOString() })),
    })),
    signed: signed
      ? {
          dated: signed.dated,
          agreed_on: signed.agreedOn,
          cooling_off_clause: signed.coolingOffClause,
          cooling_off_ends_on: signed.coolingOffEndsOn,
        }
      : null,
  };
  const files = [
    ...versions
      .filter((v) => v.storageKey)
      .map((v) => ({
        name: `vaststellingsovereenkomst/versie-${v.number}${v.filename ? `-${v.filename}` : ''}`,
        key: v.storageKey as string,
        at: v.createdAt,
      })),
    ...(signed?.storageKey
      ? [
          {
            name: `vaststellingsovereenkomst/getekend${signed.filename ? `-${signed.filename}` : ''}`,
            key: signed.storageKey,
            at: signed.recordedAt,
          },
        ]
      : []),
  ];
  return { json: JSON.stringify(data, null, 2), files };
}
