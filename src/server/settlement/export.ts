import { asc, eq } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import {
  settlementResponses,
  settlementSigned,
  settlementSignedSuperseded,
  settlementVersions,
} from '../infra/db/schema';
import { termsOf } from './queries';

/** Every stored settlement file of a case: the versions' uploads, the signed copy and its corrected ones. */
export async function settlementFileKeys(db: Db, caseId: string): Promise<string[]> {
  const [versions, signed, superseded] = await Promise.all([
    db
      .select({ key: settlementVersions.storageKey })
      .from(settlementVersions)
      .where(eq(settlementVersions.caseId, caseId)),
    db.select({ key: settlementSigned.storageKey }).from(settlementSigned).where(eq(settlementSigned.caseId, caseId)),
    db
      .select({ key: settlementSignedSuperseded.storageKey })
      .from(settlementSignedSuperseded)
      .where(eq(settlementSignedSuperseded.caseId, caseId)),
  ]);
  return [...versions, ...signed, ...superseded].map((r) => r.key).filter((key): key is string => Boolean(key));
}

/** The settlement entries of the case export: the data as JSON, and the uploaded and signed files. */
export async function settlementExport(
  db: Db,
  caseId: string,
): Promise<{ json: string | null; files: { name: string; key: string; at: Date }[] }> {
  const [versions, responses, [signed], superseded] = await Promise.all([
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
    db
      .select()
      .from(settlementSignedSuperseded)
      .where(eq(settlementSignedSuperseded.caseId, caseId))
      .orderBy(asc(settlementSignedSuperseded.version)),
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
    corrected: superseded.map((r) => ({
      version: r.version,
      dated: r.dated,
      agreed_on: r.agreedOn,
      cooling_off_clause: r.coolingOffClause,
      cooling_off_ends_on: r.coolingOffEndsOn,
      corrected_at: r.supersededAt.toISOString(),
    })),
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
    ...superseded
      .filter((r) => r.storageKey)
      .map((r) => ({
        name: `vaststellingsovereenkomst/getekend-gecorrigeerd-${r.version}${r.filename ? `-${r.filename}` : ''}`,
        key: r.storageKey as string,
        at: r.recordedAt,
      })),
  ];
  return { json: JSON.stringify(data, null, 2), files };
}
