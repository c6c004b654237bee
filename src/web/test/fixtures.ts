import { PERMISSIONS, type Role } from '../../contract/permissions';
import type { User } from '../../contract/users';
import type { Site } from '../../contract/site';
import type { CaseClientView, CaseLawyerView } from '../../contract/cases';
import type { Document } from '../../contract/documents';
import type { Settlement, SettlementVersion } from '../../contract/settlement';
import { OFFER_DISPLAY_NAMES, type OfferSlug } from '../../contract/offers';
import { getStatus, type StatusSlug } from '../../contract/statuses';

let counter = 0;

/** An empty page of a paginated list, as the API answers it. */
export function emptyPage(options: { path?: string; perPage?: number } = {}) {
  return {
    data: [],
    links: { first: null, last: null, prev: null, next: null },
    meta: {
      current_page: 1,
      from: null,
      last_page: 1,
      links: [],
      path: options.path ?? '',
      per_page: options.perPage ?? 20,
      to: null,
      total: 0,
    },
  };
}

export function makeUser(role: Role, overrides: Partial<User> = {}): User {
  counter += 1;
  const isLawyer = role === 'lawyer';
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: isLawyer ? 'Sanne' : 'Kees',
    infix: isLawyer ? null : 'de',
    last_name: isLawyer ? 'Jansen' : 'Vries',
    full_name: isLawyer ? 'Sanne Jansen' : 'Kees de Vries',
    avatar: null,
    email: isLawyer ? 'sanne.jansen@example.com' : `client${counter}@example.com`,
    phone_number: null,
    street: null,
    house_number: null,
    postcode: null,
    city: null,
    quote: null,
    title: isLawyer ? 'Arbeidsrechtjurist' : null,
    availability: [],
    version: 1,
    availability_version: 1,
    case: null,
    roles: [role],
    permissions: [...PERMISSIONS[role]],
    language: 'nl-NL',
    ...overrides,
  };
}

export const site: Site = {
  product_name: 'Testportaal',
  support_email: 'support@example.com',
  support_phone: '010 123 45 67',
  address_lines: ['Coolsingel 1', '3011 AA Rotterdam'],
  contact_url: 'https://example.com/contact',
  calculation_tools_url: 'https://example.com/rekentools',
  review_url: 'https://example.com/review',
  terms_url: 'https://example.com/voorwaarden.pdf',
  disclaimer_url: 'https://example.com/disclaimer.pdf',
  privacy_url: 'https://example.com/privacy.pdf',
  complaints_regulation_url: 'https://example.com/klachtenregeling.pdf',
  withdrawal_days: 14,
  max_upload_mb: 100,
};

/** A package as the case views carry it. */
export const offerRef = (offer: OfferSlug | null) =>
  offer ? { slug: offer, display_name: OFFER_DISPLAY_NAMES[offer] } : null;

/** The fields every case view starts with: an empty case at `slug`, updated on 20 November. */
function caseFields(id: string, slug: StatusSlug) {
  const status = getStatus(slug);
  return {
    caseFields: {
      id,
      title: 'Dossier',
      appointment_start_time: null,
      appointment_end_time: null,
      company_name: null,
      company_street: null,
      company_house_number: null,
      company_postcode: null,
      company_city: null,
      contact_email: null,
      contact_phone_number: null,
      last_updated_at: '2026-11-20T10:00:00.000Z',
      proposal_signed_at: null,
      minimal_achievement: null,
      proposal_document_id: null,
      proposal_sent_at: null,
      proposal_sha256: null,
      completed_at: null,
      withdrawal_ends_at: null,
      start_consent: null,
      legal_hold: false,
      offer: null,
      documents: [],
      contact_persons: [],
      company_version: 1,
      contact_persons_version: 1,
      lawyers: [],
      typeform: {},
      questions: [],
    },
    status,
  };
}

/** The client's view of their case (GET /api/cases/mine). */
export function makeClientCaseView(
  id: string,
  slug: StatusSlug,
  overrides: Partial<CaseClientView> = {},
): CaseClientView {
  const { caseFields: fields, status } = caseFields(id, slug);
  return {
    ...fields,
    status: { slug, display_name: status.displayName, order: status.order, articles: [] },
    ...overrides,
  };
}

/** The lawyer's view of a case (GET /api/cases/{id}), of client Kees Klant. */
export function makeLawyerCaseView(
  id: string,
  slug: StatusSlug,
  overrides: Partial<CaseLawyerView> = {},
): CaseLawyerView {
  const { caseFields: fields, status } = caseFields(id, slug);
  return {
    ...fields,
    client: {
      id: '40000000-0000-4000-8000-000000000001',
      name: 'Kees',
      infix: null,
      last_name: 'Klant',
      email: 'kees@example.com',
      phone_number: null,
      address: null,
      postcode: null,
      house_number: null,
      house_number_addition: null,
      street: null,
      city: null,
      client_questions: [],
    },
    client_name: 'Kees Klant',
    status: { slug, display_name: status.displayName, order: status.order },
    last_update_at: '2026-11-20T10:00:00.000Z',
    pending_documents: 0,
    ...overrides,
  };
}

/** An uploaded PDF document with a live link (general unless `mandatory` is overridden). */
export function makeDocument(overrides: Partial<Document> = {}): Document {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    title: 'Brief werkgever',
    filename: 'brief.pdf',
    mandatory: false,
    status: 'Uploaded',
    visible: true,
    message: null,
    uploaded_at: '2026-11-20T10:00:00.000Z',
    uploaded_by: null,
    rejected_by: null,
    approved_by: null,
    extension: 'pdf',
    locked: false,
    temporary_url: '/files/documents/1?sig=x',
    expires_at_unix_time: 1_800_000_000,
    ...overrides,
  };
}

/** A promise with its resolve function, to settle it from the test. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A version of the settlement agreement (from the employer, dated 20 February 2026, no terms). */
export function makeSettlementVersion(number: number, overrides: Partial<SettlementVersion> = {}): SettlementVersion {
  return {
    id: `50000000-0000-4000-8000-${String(number).padStart(12, '0')}`,
    number,
    from: 'employer',
    dated: '2026-02-20',
    reply_by: null,
    note: null,
    text: `Tekst van versie ${number}.`,
    terms: {},
    final: false,
    final_at: null,
    file: null,
    created_at: '2026-02-20T10:00:00.000Z',
    responses: [],
    ...overrides,
  };
}

/** GET /api/cases/{id}/settlement: nothing yet, unless `overrides` says so (versions newest first). */
export function makeSettlement(overrides: Partial<Settlement> = {}): Settlement {
  return {
    versions: [],
    terms: {},
    check: null,
    signed: null,
    cooling_off_ends_on: null,
    cooling_off_running: false,
    complete_task: false,
    closed: false,
    dates: { reply_by: null, cooling_off_ends_on: null, end_date: null },
    ...overrides,
  };
}
