import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Clients and lawyers. Permissions follow from the role (contract/permissions.ts). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: text('role', { enum: ['client', 'lawyer'] }).notNull(),
    email: text('email').notNull(),
    name: text('name'),
    infix: text('infix'),
    lastName: text('last_name'),
    phoneNumber: text('phone_number'),
    street: text('street'),
    houseNumber: text('house_number'),
    houseNumberAddition: text('house_number_addition'),
    postcode: text('postcode'),
    city: text('city'),
    quote: text('quote'),
    title: text('title'),
    avatarKey: text('avatar_key'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_role_idx').on(t.role),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export const availability = pgTable(
  'availability',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day', { enum: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** One-time login codes, kept only as an HMAC; only the newest unconsumed code of a user is valid. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: bytea('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    voidedAt: tstz('voided_at'),
  },
  (t) => [index('login_codes_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Brute-force counters per address, keyed by an HMAC of the e-mail so that addresses of
 * people who are not clients are never stored (DESIGN.md: unknown e-mail).
 */
export const loginThrottles = pgTable('login_throttles', {
  keyHash: text('key_hash').primaryKey(),
  failures: integer('failures').notNull().default(0),
  failureWindowStart: tstz('failure_window_start'),
  codesSent: integer('codes_sent').notNull().default(0),
  codeWindowStart: tstz('code_window_start'),
  lastCodeAt: tstz('last_code_at'),
});

/** Bearer tokens, stored as SHA-256 hashes. */
export const tokens = pgTable(
  'tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: tstz('created_at').notNull(),
    lastUsedAt: tstz('last_used_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [uniqueIndex('tokens_hash_key').on(t.tokenHash), index('tokens_user_idx').on(t.userId)],
);

/** The status catalogue; `content` holds the client stepper texts so the firm can edit them. */
export const statuses = pgTable('statuses', {
  slug: text('slug').primaryKey(),
  displayName: text('display_name').notNull(),
  order: integer('order').notNull().unique(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
});

export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes'),
    statusSlug: text('status_slug')
      .notNull()
      .references(() => statuses.slug),
    /** Denormalised sort keys, kept in sync on every write of the client or company name. */
    clientName: text('client_name').notNull().default(''),
    offer: text('offer', { enum: ['start', 'complete', 'extreme'] }),
    offerChosenAt: tstz('offer_chosen_at'),
    proposalSignedAt: tstz('proposal_signed_at'),
    minimalAchievement: text('minimal_achievement', { enum: ['M1', 'M2', 'M3'] }),
    appointmentStartTime: tstz('appointment_start_time'),
    appointmentEndTime: tstz('appointment_end_time'),
    companyName: text('company_name'),
    companyStreet: text('company_street'),
    companyHouseNumber: text('company_house_number'),
    companyPostcode: text('company_postcode'),
    companyCity: text('company_city'),
    contactEmail: text('contact_email'),
    contactPhoneNumber: text('contact_phone_number'),
    typeform: jsonb('typeform').$type<Record<string, string>>().notNull().default({}),
    legalHold: boolean('legal_hold').notNull().default(false),
    completedAt: tstz('completed_at'),
    lastUpdateAt: tstz('last_update_at').notNull().defaultNow(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cases_client_key').on(t.clientId),
    index('cases_status_idx').on(t.statusSlug),
    index('cases_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.completedAt} IS NOT NULL`),
  ],
);

/** Lawyers assigned to a case; a lawyer's cases are read through the (lawyer_id, case_id) index. */
export const caseLawyers = pgTable(
  'case_lawyers',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedAt: tstz('assigned_at').notNull().defaultNow(),
    /**
     * Sort and filter keys copied from the case (and its status order) by database triggers
     * (migration 0001), so a lawyer's list is read in index order without touching `cases`.
     * Name keys are lower-cased and use the "C" collation.
     */
    statusOrder: integer('status_order').notNull().default(0),
    clientNameKey: text('client_name_key').notNull().default(''),
    companyNameKey: text('company_name_key'),
    lastUpdateAt: tstz('last_update_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.lawyerId] }),
    index('case_lawyers_lawyer_idx').on(t.lawyerId, t.caseId),
    index('case_lawyers_lawyer_status_idx').on(t.lawyerId, t.statusOrder, t.clientNameKey, t.caseId),
    index('case_lawyers_lawyer_client_idx').on(t.lawyerId, t.clientNameKey, t.caseId),
    index('case_lawyers_lawyer_company_idx').on(t.lawyerId, t.companyNameKey, t.caseId),
    index('case_lawyers_lawyer_updated_idx').on(t.lawyerId, t.lastUpdateAt, t.caseId),
  ],
);

/**
 * How many cases each lawyer has per status, kept by triggers on case_lawyers (migration
 * 0002), so the list total and the task counts read at most 11 rows instead of counting.
 */
export const lawyerStatusCounts = pgTable(
  'lawyer_status_counts',
  {
    lawyerId: uuid('lawyer_id').notNull(),
    statusOrder: integer('status_order').notNull(),
    casesCount: integer('cases_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.lawyerId, t.statusOrder] })],
);

export const contactPersons = pgTable(
  'contact_persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    infix: text('infix'),
    lastName: text('last_name').notNull(),
    jobTitle: text('job_title'),
    email: text('email'),
    phoneNumber: text('phone_number'),
  },
  (t) => [uniqueIndex('contact_persons_case_position_key').on(t.caseId, t.position), check('contact_persons_max_three', sql`${t.position} BETWEEN 1 AND 3`)],
);

/** The firm's configured list of mandatory document slots, copied into every new case. */
export const documentSlots = pgTable('document_slots', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  position: integer('position').notNull(),
  active: boolean('active').notNull().default(true),
});

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    slotKey: text('slot_key'),
    status: text('status', { enum: ['Not Uploaded', 'Uploaded', 'Approved', 'Rejected'] })
      .notNull()
      .default('Not Uploaded'),
    visible: boolean('visible').notNull().default(true),
    message: text('message'),
    filename: text('filename'),
    extension: text('extension'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    storageKey: text('storage_key'),
    version: integer('version').notNull().default(0),
    uploadedAt: tstz('uploaded_at'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: tstz('reviewed_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('documents_case_idx').on(t.caseId, t.mandatory, t.createdAt)],
);

/** When a lawyer last opened or downloaded a document: drives pending_documents. */
export const documentViews = pgTable(
  'document_views',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: tstz('viewed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] })],
);

/** Questions of clients, lawyers, cases (story) and finalisation. */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audience: text('audience', { enum: ['client', 'lawyer', 'case', 'finalization'] }).notNull(),
    text: text('text').notNull(),
    placeholder: text('placeholder'),
    position: integer('position').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('questions_audience_idx').on(t.audience, t.position)],
);

/** Answers: `ownerId` is the user for client and lawyer questions, the case for case and finalisation questions. */
export const answers = pgTable(
  'answers',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    answer: text('answer'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.ownerId] }), index('answers_owner_idx').on(t.ownerId)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    readByLawyer: boolean('read_by_lawyer').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('feedback_lawyer_created_idx').on(t.lawyerId, t.createdAt), index('feedback_case_idx').on(t.caseId)],
);

export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  description: text('description').notNull(),
  link: text('link').notNull(),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const statusArticles = pgTable(
  'status_articles',
  {
    statusSlug: text('status_slug')
      .notNull()
      .references(() => statuses.slug, { onDelete: 'cascade' }),
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.statusSlug, t.articleId] })],
);

export const cookieRecords = pgTable(
  'cookie_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** Who did what and when. `actorId` is kept without a foreign key so lines outlive deleted accounts. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [index('audit_events_subject_idx').on(t.subjectType, t.subjectId, t.createdAt)],
);

/** Intake deliveries already processed, so a replayed delivery changes nothing. */
export const intakeDeliveries = pgTable('intake_deliveries', {
  eventId: text('event_id').primaryKey(),
  caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
  receivedAt: tstz('received_at').notNull().defaultNow(),
});
