import { z } from 'zod';

/** The case phases in the order ("signed" is order > 4). */
export const STATUS_SLUGS = [
  'lead',
  'almost-client',
  'offer-chosen',
  'proposal',
  'incomplete-case-file',
  'reviewing-documents',
  'negotiation-phase',
  'check',
  'ready-for-signing',
  'ready-for-invoicing',
  'completed',
] as const;

export const StatusSlugSchema = z.enum(STATUS_SLUGS);
export type StatusSlug = z.infer<typeof StatusSlugSchema>;

export type StatusDefinition = { slug: StatusSlug; displayName: string; order: number };

/** The status catalogue: Dutch display names, orders. */
export const STATUSES: readonly StatusDefinition[] = [
  { slug: 'lead', displayName: 'Lead', order: 1 },
  { slug: 'almost-client', displayName: 'Bijna cliënt', order: 2 },
  { slug: 'offer-chosen', displayName: 'Offerte gekozen', order: 3 },
  { slug: 'proposal', displayName: 'Wacht op handtekening', order: 4 },
  { slug: 'incomplete-case-file', displayName: 'Dossier incompleet', order: 5 },
  { slug: 'reviewing-documents', displayName: 'Documenten bestuderen', order: 6 },
  { slug: 'negotiation-phase', displayName: 'Onderhandelingen', order: 7 },
  { slug: 'check', displayName: 'Controles', order: 8 },
  { slug: 'ready-for-signing', displayName: 'Klaar voor ondertekening', order: 9 },
  { slug: 'ready-for-invoicing', displayName: 'Klaar voor facturatie', order: 10 },
  { slug: 'completed', displayName: 'Voltooid', order: 11 },
];

export function getStatus(slug: StatusSlug): StatusDefinition {
  const status = STATUSES.find((s) => s.slug === slug);
  if (!status) throw new Error(`Unknown status ${slug}`);
  return status;
}

export const STATUS_GROUPS = {
  active: [
    'lead',
    'almost-client',
    'offer-chosen',
    'incomplete-case-file',
    'reviewing-documents',
    'negotiation-phase',
    'check',
    'ready-for-signing',
    'proposal',
  ],
  'ready-for-invoicing': ['ready-for-invoicing'],
  completed: ['completed'],
} as const satisfies Record<string, readonly StatusSlug[]>;
export type StatusGroup = keyof typeof STATUS_GROUPS;

/** The case-list group (tab) a phase belongs to. */
export function getStatusGroup(slug: StatusSlug): StatusGroup {
  const groups = Object.keys(STATUS_GROUPS) as StatusGroup[];
  return groups.find((group) => (STATUS_GROUPS[group] as readonly StatusSlug[]).includes(slug)) ?? 'active';
}

/**
 * Statuses a lawyer sees as open tasks on the dashboard. 'Offerte gekozen' is the task
 * 'Opdrachtbevestiging versturen': a case there has no letter for its package yet (a new
 * choice after sending goes back there), and the client was promised a lawyer within 24 hours.
 */
export const TASK_STATUSES = [
  'offer-chosen',
  'reviewing-documents',
  'check',
  'negotiation-phase',
  'ready-for-signing',
] as const satisfies readonly StatusSlug[];

/** The task's own label where it is not the phase's name. */
export const TASK_LABEL_KEYS: Partial<Record<(typeof TASK_STATUSES)[number], string>> = {
  'offer-chosen': 'cases.tasks.sendProposal',
};

export const StatusSchema = z.object({ slug: StatusSlugSchema, display_name: z.string(), order: z.number().int() });
export type Status = z.infer<typeof StatusSchema>;
/** GET /api/statuses: the catalogue in order. */
export const StatusListResponseSchema = z.object({ data: z.array(StatusSchema) });

/**
 * The labels people use for the phases: every display name, plus the
 * aliases the firm's lists use for the same phase. 'Wachten of tekenen', 'Wachten op tekenen'
 * and 'Wacht op handtekening' all mean proposal; 'Vooltooid' means completed.
 */
export const STATUS_LABEL_ALIASES: Readonly<Record<string, StatusSlug>> = {
  'wachten of tekenen': 'proposal',
  'wachten op tekenen': 'proposal',
  'wacht op handtekening': 'proposal',
  vooltooid: 'completed',
};

const normaliseLabel = (label: string) =>
  label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('nl-NL')
    .replace(/[\s_]+/g, ' ')
    .trim();

const LABELS = new Map<string, StatusSlug>([
  ...STATUSES.flatMap((s) => [
    [normaliseLabel(s.slug), s.slug] as const,
    [normaliseLabel(s.displayName), s.slug] as const,
  ]),
  ...Object.entries(STATUS_LABEL_ALIASES).map(([label, slug]) => [normaliseLabel(label), slug] as const),
]);

/**
 * Reads a phase from a slug, a display name or an alias, ignoring case, accents and extra
 * spaces ('Wachten op tekenen' → proposal, 'Bijna client' → almost-client); null when unknown.
 */
export function statusSlugFromLabel(label: string): StatusSlug | null {
  return LABELS.get(normaliseLabel(label)) ?? null;
}
