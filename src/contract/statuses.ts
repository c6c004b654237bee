import { z } from 'zod';

/** The case phases in the order of DESIGN.md section 2 ("signed" is order > 4). */
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

/** The status catalogue: Dutch display names of SPEC section 4, orders of DESIGN.md. */
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
  active: ['lead', 'almost-client', 'offer-chosen', 'incomplete-case-file', 'reviewing-documents', 'negotiation-phase', 'check', 'ready-for-signing', 'proposal'],
  'ready-for-invoicing': ['ready-for-invoicing'],
  completed: ['completed'],
} as const satisfies Record<string, readonly StatusSlug[]>;
export type StatusGroup = keyof typeof STATUS_GROUPS;

/** Statuses a lawyer sees as open tasks on the dashboard. */
export const TASK_STATUSES = ['reviewing-documents', 'check', 'negotiation-phase', 'ready-for-signing'] as const satisfies readonly StatusSlug[];

export const StatusSchema = z.object({ slug: StatusSlugSchema, display_name: z.string(), order: z.number().int() });
export type Status = z.infer<typeof StatusSchema>;
