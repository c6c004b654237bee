import { asc, eq } from 'drizzle-orm';
import { STATUSES, type StatusSlug } from '../../../contract/statuses';
import { getDisplayName } from '../../../contract/rules/display-name';
import type { Db } from './client';
import { caseLawyers, cases, documentSlots, documents, users } from './schema';

const FIRST = [
  'Emma',
  'Noah',
  'Julia',
  'Lucas',
  'Mila',
  'Sem',
  'Tess',
  'Liam',
  'Sophie',
  'Daan',
  'Zoë',
  'Finn',
  'Anna',
  'Levi',
  'Sara',
  'Milan',
  'Eva',
  'Jesse',
  'Lotte',
  'Thijs',
  'Fenna',
  'Bram',
  'Isa',
  'Ruben',
];
const INFIX = [null, null, null, 'van', 'de', 'van der', 'van den', 'ter'];
const LAST = [
  'Jansen',
  'de Vries',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'de Boer',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'Dekker',
  'Brouwer',
  'Dijkstra',
  'Kok',
  'Jacobs',
  'Vermeulen',
  'Willems',
  'Schouten',
];
const COMPANIES = [
  'Havenbedrijf',
  'Zorggroep',
  'Logistiek Centrum',
  'Bouwbedrijf',
  'Installatietechniek',
  'Retail Groep',
  'IT Solutions',
  'Drukkerij',
  'Hotel',
  'Transportbedrijf',
  'Accountantskantoor',
  'Schoonmaakbedrijf',
];
const CITIES = [
  'Rotterdam',
  'Schiedam',
  'Delft',
  'Dordrecht',
  'Gouda',
  'Den Haag',
  'Vlaardingen',
  'Spijkenisse',
  'Capelle aan den IJssel',
  'Barendrecht',
];
const DOC_STATES = ['Not Uploaded', 'Uploaded', 'Approved', 'Rejected'] as const;

/** A small deterministic generator so seeded data is the same for the same seed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

export type LoadSeedOptions = {
  cases: number;
  /** Lawyers the cases are spread over; new lawyers are created when `lawyers` is given instead. */
  lawyerIds?: string[];
  lawyers?: number;
  /** Picks the lawyer (an index into the lawyer list) of case i; round robin by default. */
  assign?: (index: number, lawyerCount: number) => number;
  now: Date;
  seed?: number;
  batchSize?: number;
  onProgress?: (done: number) => void;
};

/** Adds realistic cases in batches of multi-row inserts (load tests, benchmarks). */
export async function seedLoad(db: Db, options: LoadSeedOptions): Promise<{ lawyerIds: string[]; caseIds: string[] }> {
  const rnd = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const tag = `${options.now.getTime().toString(36)}${Math.floor(rnd() * 1e6).toString(36)}`;
  let lawyerIds = options.lawyerIds ?? [];
  if (lawyerIds.length === 0) {
    const count = options.lawyers ?? 5;
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          role: 'lawyer' as const,
          email: `lawyer-${tag}-${i + 1}@example.com`,
          name: pick(FIRST),
          lastName: pick(LAST),
          title: 'Arbeidsrechtjurist',
        })),
      )
      .returning({ id: users.id });
    lawyerIds = rows.map((r) => r.id);
  }
  const slots = await db
    .select()
    .from(documentSlots)
    .where(eq(documentSlots.active, true))
    .orderBy(asc(documentSlots.position));
  const assign = options.assign ?? ((i, n) => i % n);
  const batchSize = options.batchSize ?? 500;
  const caseIds: string[] = [];
  for (let start = 0; start < options.cases; start += batchSize) {
    const size = Math.min(batchSize, options.cases - start);
    await db.transaction(async (tx) => {
      const people = Array.from({ length: size }, (_, j) => ({
        role: 'client' as const,
        email: `client-${tag}-${start + j + 1}@example.com`,
        name: pick(FIRST),
        infix: pick(INFIX),
        lastName: pick(LAST),
        city: pick(CITIES),
        phoneNumber: `06 ${String(10_000_000 + Math.floor(rnd() * 89_999_999))}`,
      }));
      const userRows = await tx.insert(users).values(people).returning({ id: users.id });
      const caseRows = await tx
        .insert(cases)
        .values(
          userRows.map((u, j) => {
            const person = people[j] as (typeof people)[number];
            const status = pick(STATUSES).slug as StatusSlug;
            const order = STATUSES.find((s) => s.slug === status)?.order ?? 1;
            const created = new Date(options.now.getTime() - Math.floor(rnd() * 365) * 86_400_000);
            const clientName = getDisplayName({ name: person.name, infix: person.infix, last_name: person.lastName });
            return {
              clientId: u.id,
              title: `Dossier ${clientName}`,
              clientName,
              statusSlug: status,
              offer: order >= 3 ? pick(['start', 'complete', 'extreme'] as const) : null,
              proposalSignedAt: order > 4 ? created : null,
              minimalAchievement: order > 4 ? pick(['M1', 'M2', 'M3'] as const) : null,
              companyName: rnd() < 0.9 ? `${pick(COMPANIES)} ${pick(LAST)}` : null,
              companyCity: pick(CITIES),
              completedAt: status === 'completed' ? created : null,
              lastUpdateAt: new Date(created.getTime() + Math.floor(rnd() * 30) * 86_400_000),
              createdAt: created,
            };
          }),
        )
        .returning({ id: cases.id });
      await tx.insert(caseLawyers).values(
        caseRows.map((c, j) => ({
          caseId: c.id,
          lawyerId: lawyerIds[assign(start + j, lawyerIds.length)] as string,
          assignedAt: options.now,
        })),
      );
      if (slots.length > 0) {
        await tx.insert(documents).values(
          caseRows.flatMap((c) =>
            slots.map((slot) => {
              const status = pick(DOC_STATES);
              return {
                caseId: c.id,
                title: slot.title,
                mandatory: true,
                slotKey: slot.key,
                status,
                uploadedAt: status === 'Not Uploaded' ? null : options.now,
              };
            }),
          ),
        );
      }
      caseIds.push(...caseRows.map((c) => c.id));
    });
    options.onProgress?.(start + size);
  }
  return { lawyerIds, caseIds };
}
