import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Redline } from '../../../contract/rules/redline';

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
    role: text('role', { enum: ['client', 'lawyer', 'admin'] }).notNull(),
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
    /** The language chosen in the app; mails are written in it (outbox). */
    language: text('language', { enum: ['nl-NL', 'en-US'] })
      .notNull()
      .default('nl-NL'),
    /** Optional mail kinds this user turned off (contract/notifications.ts MAIL_TOPICS). */
    mailOptOuts: text('mail_opt_outs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The e-mail channel of the notices ('Meldingen'): false, none of the optional mail kinds goes. */
    emailNotices: boolean('email_notices').notNull().default(true),
    /** Staff only: a deactivated account cannot sign in and has no valid token. */
    deactivatedAt: tstz('deactivated_at'),
    /** Admins only: the firm's complaints officer ('klachtenfunctionaris') receives and handles complaints. */
    complaintsOfficer: boolean('complaints_officer').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    /** Row versions of the profile and the availability, each saved as a whole (migration 0019, docs/decisions/046). */
    version: integer('version').notNull().default(1),
    availabilityVersion: integer('availability_version').notNull().default(1),
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
    day: text('day', {
      enum: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    }).notNull(),
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
    /**
     * The address the code belongs to, as the HMAC of login_throttles.key_hash. Codes are kept
     * per address, for unknown addresses too, so that known and unknown addresses do the same
     * database work (unknown e-mail). A login code of an unknown address never works.
     */
    keyHash: text('key_hash').notNull(),
    /** `login`, or `email_change` (a code sent to the new address of `user_id`). */
    purpose: text('purpose').notNull().default('login'),
    /** The account that asked for an e-mail change; null for login codes. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address an e-mail change moves to. */
    newEmail: text('new_email'),
    codeHash: bytea('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    voidedAt: tstz('voided_at'),
  },
  (t) => [
    index('login_codes_key_created_idx').on(t.keyHash, t.purpose, t.createdAt),
    index('login_codes_user_created_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);

/**
 * Brute-force counters per address, keyed by an HMAC of the e-mail so that addresses of
 * people who are not clients are never stored (unknown e-mail).
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
    /** The engagement letter now shown to the client (a document) and the SHA-256 of its exact bytes. */
    proposalDocumentId: uuid('proposal_document_id'),
    proposalSha256: text('proposal_sha256'),
    proposalSentAt: tstz('proposal_sent_at'),
    appointmentStartTime: tstz('appointment_start_time'),
    appointmentEndTime: tstz('appointment_end_time'),
    /** The client asked to be called back ('Bel mij terug') and no lawyer has dealt with it yet (migration 0015). */
    callbackRequestedAt: tstz('callback_requested_at'),
    companyName: text('company_name'),
    companyStreet: text('company_street'),
    companyHouseNumber: text('company_house_number'),
    companyPostcode: text('company_postcode'),
    companyCity: text('company_city'),
    contactEmail: text('contact_email'),
    contactPhoneNumber: text('contact_phone_number'),
    typeform: jsonb('typeform').$type<Record<string, string>>().notNull().default({}),
    legalHold: boolean('legal_hold').notNull().default(false),
    legalHoldReason: text('legal_hold_reason'),
    completedAt: tstz('completed_at'),
    lastUpdateAt: tstz('last_update_at').notNull().defaultNow(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** The first moment after the withdrawal period of the signed engagement (contract/rules/case-route.ts). */
    withdrawalEndsAt: tstz('withdrawal_ends_at'),
    /** The client's choice when signing: may the firm start inside the withdrawal period? */
    startConsent: boolean('start_consent'),
    /** Row versions of the employer data and of the contact-person list, each saved as a whole (migration 0019). */
    companyVersion: integer('company_version').notNull().default(1),
    contactPersonsVersion: integer('contact_persons_version').notNull().default(1),
    /**
     * The firm's view ('Inzicht', migration 0018): the steps of the client's route as they were
     * reached. First sign-in and last activity are kept by a trigger on `tokens`; personal,
     * employer and documents complete are stamped by workflow/apply.ts.
     */
    firstLoginAt: tstz('first_login_at'),
    clientActiveAt: tstz('client_active_at'),
    profileCompletedAt: tstz('profile_completed_at'),
    companyCompletedAt: tstz('company_completed_at'),
    documentsCompletedAt: tstz('documents_completed_at'),
    /**
     * When the case entered its present phase, kept by a trigger (from the writer's
     * last_update_at; on insert the creation). NOT NULL in the database; optional here because
     * the trigger, not the writer, fills it.
     */
    statusChangedAt: tstz('status_changed_at'),
    /** The first client message not answered by a lawyer message since (a trigger on `messages`). */
    awaitingReplySince: tstz('awaiting_reply_since'),
    /** When the signed settlement agreement was first recorded (a trigger on `settlement_signed`). */
    settlementSignedAt: tstz('settlement_signed_at'),
    /**
     * When the client's account was deleted and the file archived (retention, migration 0026):
     * from then on the case is read-only and only the firm reads it, in the archive.
     */
    archivedAt: tstz('archived_at'),
  },
  (t) => [
    uniqueIndex('cases_client_key').on(t.clientId),
    index('cases_status_idx').on(t.statusSlug),
    index('cases_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.completedAt} IS NOT NULL`),
    index('cases_created_idx').on(t.createdAt),
    index('cases_archived_idx')
      .on(t.archivedAt)
      .where(sql`${t.archivedAt} IS NOT NULL`),
    index('cases_client_idle_idx')
      .on(sql`(GREATEST(${t.clientActiveAt}, ${t.statusChangedAt}))`)
      .where(sql`${t.statusSlug} IN ('lead', 'almost-client', 'proposal', 'incomplete-case-file')`),
    index('cases_awaiting_reply_idx')
      .on(t.awaitingReplySince)
      .where(sql`${t.awaitingReplySince} IS NOT NULL`),
    index('cases_letter_unsigned_idx')
      .on(t.proposalSentAt)
      .where(sql`${t.statusSlug} = 'proposal'`),
    index('cases_letter_unsent_idx')
      .on(t.offerChosenAt)
      .where(sql`${t.statusSlug} = 'offer-chosen'`),
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
     * Name keys are folded by `portal_fold` (migration 0003: accents removed, lower case) and
     * use the "C" collation, so 'Émile' sorts with 'emile' on PGlite and PostgreSQL alike.
     */
    statusOrder: integer('status_order').notNull().default(0),
    clientNameKey: text('client_name_key').notNull().default(''),
    companyNameKey: text('company_name_key'),
    lastUpdateAt: tstz('last_update_at').notNull().defaultNow(),
    /**
     * Folded 'client name · company name · client e-mail' for `GET /api/cases?q=`, kept by the
     * same triggers; its trigram (pg_trgm) GIN index is created by hand in migration 0003.
     */
    searchKey: text('search_key').notNull().default(''),
    /**
     * The case's documents uploaded and not viewed by this lawyer since (the case list's
     * `pending_documents`), kept by triggers on documents, document_views and this table
     * (migration 0009), so the list reads it with the page instead of counting per case.
     */
    pendingDocuments: integer('pending_documents').notNull().default(0),
    /**
     * What the case list shows of the case, copied from it by the same triggers as the keys
     * (migration 0010), so a page is read from case_lawyers alone, without a lookup in `cases`
     * per row (docs/performance.md).
     */
    clientName: text('client_name').notNull().default(''),
    companyName: text('company_name'),
    statusSlug: text('status_slug').notNull().default(''),
    offer: text('offer', { enum: ['start', 'complete', 'extreme'] }),
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
  (t) => [
    uniqueIndex('contact_persons_case_position_key').on(t.caseId, t.position),
    check('contact_persons_max_three', sql`${t.position} BETWEEN 1 AND 3`),
  ],
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
    /** How the question is answered: free text, or a date (a date field; stored YYYY-MM-DD). */
    answerType: text('answer_type', { enum: ['text', 'date'] })
      .notNull()
      .default('text'),
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
    /** Row version, sent back with a save of this answer (migration 0019). */
    version: integer('version').notNull().default(1),
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
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
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
    /** The case the event belongs to (its timeline); no foreign key, like actor_id. */
    caseId: uuid('case_id'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('audit_events_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('audit_events_case_idx').on(t.caseId, t.createdAt, t.id),
  ],
);

/**
 * The evidence of the client's electronic signature of the engagement letter. One row per case: the primary key makes a
 * second signature impossible.
 */
export const proposalSignatures = pgTable('proposal_signatures', {
  caseId: uuid('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  signerId: uuid('signer_id').notNull(),
  signedAt: tstz('signed_at').notNull(),
  typedName: text('typed_name').notNull(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull(),
  /** SHA-256 (hex) of the exact letter PDF the client was shown. */
  pdfSha256: text('pdf_sha256').notNull(),
  letterDocumentId: uuid('letter_document_id'),
  signedDocumentId: uuid('signed_document_id'),
  /** The choice the client made before signing: start at once inside the withdrawal period or wait. */
  startConsent: boolean('start_consent'),
  withdrawalEndsAt: tstz('withdrawal_ends_at'),
});

/** A signed engagement the client withdrew from within the period: the evidence of that signature and when it ended. */
export const engagementWithdrawals = pgTable(
  'engagement_withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    signedAt: tstz('signed_at').notNull(),
    withdrawnAt: tstz('withdrawn_at').notNull(),
    startConsent: boolean('start_consent'),
    /** The signature evidence as it was (typed name, IP, user agent, SHA-256 of the letter). */
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull().default({}),
    letterDocumentId: uuid('letter_document_id'),
    signedDocumentId: uuid('signed_document_id'),
  },
  (t) => [index('engagement_withdrawals_case_idx').on(t.caseId, t.withdrawnAt)],
);

/** Intake deliveries already processed, so a replayed delivery changes nothing. */
export const intakeDeliveries = pgTable('intake_deliveries', {
  eventId: text('event_id').primaryKey(),
  caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
  receivedAt: tstz('received_at').notNull().defaultNow(),
});

/**
 * Every mail, written in the transaction of its cause and sent by the outbox worker
 * (src/server/outbox). `payload` holds what the template needs (never document content,
 * reasons, answers or message text) and is emptied once the row is done.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Write order (several events can share a timestamp): digests list and fold events in this order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    recipientId: uuid('recipient_id'),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull().default('nl-NL'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Waits for the digest window and goes out together with the recipient's other digest rows. */
    digest: boolean('digest').notNull().default(false),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull(),
    /** A worker that claimed the row holds it until then (sending happens outside any transaction). */
    leaseUntil: tstz('lease_until'),
    /** Not sent after this moment (login codes). */
    expiresAt: tstz('expires_at'),
    /** At most one row per key (reminders, deletion notices). */
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    createdAt: tstz('created_at').notNull(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_digest_idx')
      .on(t.toAddress, t.createdAt)
      .where(sql`${t.status} = 'pending' AND ${t.digest}`),
    index('outbox_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('outbox_dedupe_key').on(t.dedupeKey),
  ],
);

/**
 * One conversation per case between the client and the case's lawyers. Messages are never
 * edited; the author may delete one within 5 minutes. `readAt` is when the other side read it;
 * `notifiedAt` when the unread-message mail went out. Deleted with the case (and so with the account).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['client', 'lawyer'] }).notNull(),
    text: text('text').notNull(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull(),
    readAt: tstz('read_at'),
    notifiedAt: tstz('notified_at'),
  },
  (t) => [
    index('messages_case_created_idx').on(t.caseId, t.createdAt, t.id),
    index('messages_unread_idx')
      .on(t.caseId, t.authorRole)
      .where(sql`${t.readAt} IS NULL`),
    index('messages_unnotified_idx')
      .on(t.createdAt)
      .where(sql`${t.readAt} IS NULL AND ${t.notifiedAt} IS NULL`),
    // Foreign-key actions (document or author deleted) find their rows through these.
    index('messages_document_idx')
      .on(t.documentId)
      .where(sql`${t.documentId} IS NOT NULL`),
    index('messages_author_idx').on(t.authorId),
  ],
);

/** Single-use tickets (hashed) that open one event stream: EventSource cannot send a bearer token. */
export const eventTickets = pgTable(
  'event_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    tokenId: uuid('token_id')
      .notNull()
      .references(() => tokens.id, { onDelete: 'cascade' }),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('event_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * The staff second factor (TOTP, RFC 6238). Secrets are stored encrypted (AES-256-GCM, key
 * derived from APP_SECRET); `lastStep` is the last accepted time step, so a code is used once.
 * The failure counter locks the second step for an hour after 10 failures within an hour.
 */
export const staffTwoFactor = pgTable('staff_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: tstz('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  failures: integer('failures').notNull().default(0),
  failureWindowStart: tstz('failure_window_start'),
  lockedUntil: tstz('locked_until'),
});

/** The second step of a staff sign-in: issued after the e-mail code, lives 5 minutes, 5 wrong codes void it. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeHash: text('challenge_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: tstz('created_at').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    consumedAt: tstz('consumed_at'),
    voidedAt: tstz('voided_at'),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_hash_key').on(t.challengeHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);

/** Single-use recovery codes, stored as an HMAC. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: tstz('created_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/** A lawyer standing in on a case for a date range (inclusive), set by an admin. */
export const caseStandIns = pgTable(
  'case_stand_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('case_stand_ins_case_idx').on(t.caseId, t.untilDate),
    index('case_stand_ins_lawyer_idx').on(t.lawyerId, t.untilDate),
  ],
);

/** A lawyer's absence ('Afwezig van … tot en met …'), both dates inclusive: no slots are offered on these days. */
export const lawyerAbsences = pgTable(
  'lawyer_absences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    untilDate: date('until_date', { mode: 'string' }).notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('lawyer_absences_lawyer_idx').on(t.lawyerId, t.untilDate),
    check('lawyer_absences_range', sql`${t.fromDate} <= ${t.untilDate}`),
  ],
);

/**
 * The first conversation ('1e gesprek') booked by a client. The row's id is the calendar
 * invite's UID and `sequence` its SEQUENCE (raised on every reschedule and the cancellation).
 * The partial unique index on (lawyer_id, start_at) makes two bookings of one lawyer's slot
 * impossible, whatever the timing of the requests; a case has at most one booked row.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startAt: tstz('start_at').notNull(),
    endAt: tstz('end_at').notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    sequence: integer('sequence').notNull().default(0),
    bookedBy: uuid('booked_by'),
    reminderSentAt: tstz('reminder_sent_at'),
    cancelledAt: tstz('cancelled_at'),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('appointments_lawyer_start_key')
      .on(t.lawyerId, t.startAt)
      .where(sql`${t.status} = 'booked'`),
    uniqueIndex('appointments_case_booked_key')
      .on(t.caseId)
      .where(sql`${t.status} = 'booked'`),
    index('appointments_lawyer_upcoming_idx')
      .on(t.lawyerId, t.endAt)
      .where(sql`${t.status} = 'booked'`),
    index('appointments_reminder_idx')
      .on(t.startAt)
      .where(sql`${t.status} = 'booked' AND ${t.reminderSentAt} IS NULL`),
    index('appointments_case_idx').on(t.caseId, t.createdAt),
    check('appointments_range', sql`${t.startAt} < ${t.endAt}`),
    check('appointments_status', sql`${t.status} IN ('booked', 'cancelled')`),
  ],
);

/**
 * A client's complaint about the firm's service (its complaints regulation). Read only by the
 * client and the complaints officer; `lawyerIds` names the case's lawyers when it was filed, so
 * it never reaches them. Deleted with the client's account.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    lawyerIds: uuid('lawyer_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    text: text('text').notNull(),
    status: text('status', { enum: ['received', 'in_progress', 'closed'] })
      .notNull()
      .default('received'),
    handling: text('handling'),
    outcome: text('outcome'),
    officerId: uuid('officer_id'),
    /** The date by which the firm answers (COMPLAINT_ANSWER_WEEKS after filing, Amsterdam). */
    answerBy: date('answer_by', { mode: 'string' }).notNull(),
    createdAt: tstz('created_at').notNull(),
    updatedAt: tstz('updated_at').notNull(),
    closedAt: tstz('closed_at'),
  },
  (t) => [
    index('complaints_client_idx').on(t.clientId, t.createdAt),
    index('complaints_created_idx').on(t.createdAt),
    index('complaints_case_idx').on(t.caseId),
  ],
);

/**
 * Documents a client attached to a complaint (same upload rules as case documents). Read only by
 * that client and the complaints officer, never by the lawyer complained about; `clientId` lets
 * the data export and the retention job find them without the complaint.
 */
export const complaintFiles = pgTable(
  'complaint_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complaintId: uuid('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [
    index('complaint_files_complaint_idx').on(t.complaintId, t.createdAt),
    index('complaint_files_client_idx').on(t.clientId),
  ],
);

/** Settlement agreement versions (the employer's offers and our counter-offers), migration 0014. */
export const settlementVersions = pgTable(
  'settlement_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fromParty: text('from_party', { enum: ['employer', 'us'] }).notNull(),
    dated: date('dated', { mode: 'string' }).notNull(),
    replyBy: date('reply_by', { mode: 'string' }),
    note: text('note'),
    text: text('text').notNull().default(''),
    terms: jsonb('terms').$type<Record<string, unknown>>().notNull().default({}),
    final: boolean('final').notNull().default(false),
    finalAt: tstz('final_at'),
    filename: text('filename'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    storageKey: text('storage_key'),
    wwApprovedAt: tstz('ww_approved_at'),
    wwApprovedBy: uuid('ww_approved_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** The redline against the version before, computed once when stored (null until then; migration 0023). */
    redline: jsonb('redline').$type<Redline>(),
  },
  (t) => [uniqueIndex('settlement_versions_case_number_idx').on(t.caseId, t.number)],
);

/** The client's answer to a version: 'agree' or a question (which also goes into the message thread). */
export const settlementResponses = pgTable(
  'settlement_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => settlementVersions.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    response: text('response', { enum: ['agree', 'question'] }).notNull(),
    text: text('text'),
    messageId: uuid('message_id'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('settlement_responses_version_idx').on(t.versionId, t.createdAt)],
);

/** The signed settlement agreement of a case and its bedenktijd. */
export const settlementSigned = pgTable('settlement_signed', {
  caseId: uuid('case_id')
    .primaryKey()
    .references(() => cases.id, { onDelete: 'cascade' }),
  dated: date('dated', { mode: 'string' }).notNull(),
  agreedOn: date('agreed_on', { mode: 'string' }).notNull(),
  coolingOffClause: boolean('cooling_off_clause').notNull(),
  dissolvedWithinSixMonths: boolean('dissolved_within_six_months').notNull().default(false),
  coolingOffEndsOn: date('cooling_off_ends_on', { mode: 'string' }),
  filename: text('filename'),
  contentType: text('content_type'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  storageKey: text('storage_key'),
  recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
  recordedAt: tstz('recorded_at').notNull().defaultNow(),
  expiredTaskAt: tstz('expired_task_at'),
  /** 1 when first recorded; each correction (only while the bedenktijd runs) adds one (migration 0022). */
  version: integer('version').notNull().default(1),
});

/**
 * A signed settlement agreement as it was before a correction (migration 0022): the record and its
 * file are kept, never deleted by the correction; they go with the case (retention) and are in its export.
 */
export const settlementSignedSuperseded = pgTable(
  'settlement_signed_superseded',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    dated: date('dated', { mode: 'string' }).notNull(),
    agreedOn: date('agreed_on', { mode: 'string' }).notNull(),
    coolingOffClause: boolean('cooling_off_clause').notNull(),
    dissolvedWithinSixMonths: boolean('dissolved_within_six_months').notNull(),
    coolingOffEndsOn: date('cooling_off_ends_on', { mode: 'string' }),
    filename: text('filename'),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    storageKey: text('storage_key'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: tstz('recorded_at').notNull(),
    supersededBy: uuid('superseded_by').references(() => users.id, { onDelete: 'set null' }),
    supersededAt: tstz('superseded_at').notNull(),
  },
  (t) => [uniqueIndex('settlement_signed_superseded_case_version_idx').on(t.caseId, t.version)],
);

/**
 * A client's own data export ('Download mijn gegevens'): asked for by the client (or by staff
 * on their behalf), built in the background into a zip in the document storage, mailed as a
 * link and removed 24 hours after it was ready. At most one per client per day (Amsterdam):
 * the partial unique index makes a second one on the same day impossible, also in parallel;
 * a failed build frees the day. Deleted with the account (the file by the retention job).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Who asked: the client, or the lawyer or admin who made it for a request that came by mail (no foreign key, like
     * audit lines).
     */
    requestedBy: uuid('requested_by'),
    requestedRole: text('requested_role', { enum: ['client', 'lawyer', 'admin'] }).notNull(),
    requestedOn: date('requested_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['pending', 'building', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A builder that claimed the row holds it until then; after it another may take it over. */
    leaseUntil: tstz('lease_until'),
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: tstz('created_at').notNull(),
    readyAt: tstz('ready_at'),
    expiresAt: tstz('expires_at'),
    removedAt: tstz('removed_at'),
  },
  (t) => [
    uniqueIndex('data_exports_client_day_key')
      .on(t.clientId, t.requestedOn)
      .where(sql`${t.status} <> 'failed'`),
    index('data_exports_client_created_idx').on(t.clientId, t.createdAt),
    index('data_exports_todo_idx')
      .on(t.createdAt)
      .where(sql`${t.status} IN ('pending', 'building')`),
    index('data_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
  ],
);

/**
 * What remains of a destroyed file (retention, migration 0026): the case id, the client's
 * initials, the dates and the counts of what was destroyed, never content. No foreign key: the
 * case is gone.
 */
export const fileDestructions = pgTable(
  'file_destructions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id').notNull(),
    clientInitials: text('client_initials').notNull(),
    completedAt: tstz('completed_at'),
    archivedAt: tstz('archived_at'),
    destroyedAt: tstz('destroyed_at').notNull(),
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
  },
  (t) => [index('file_destructions_destroyed_idx').on(t.destroyedAt)],
);

/** Backups the server made itself (BACKUP_DIR, backup/job.ts), migration 0027: the admin's home reads the newest. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: tstz('started_at').notNull(),
    finishedAt: tstz('finished_at').notNull(),
    ok: boolean('ok').notNull(),
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** A short error code, never a message that could quote data. */
    error: text('error'),
  },
  (t) => [index('backup_runs_finished_idx').on(t.finishedAt)],
);

/** The party printed on an invoice (the firm as seller, the client or employer as recipient). */
export type InvoicePartyRecord = {
  name: string;
  address_lines: string[];
  contact_name: string | null;
  vat_id: string | null;
  kvk: string | null;
  email: string | null;
  iban?: string | null;
};

/**
 * Invoices (migration 0028): kept seven years whatever happens to the account or the case file,
 * so without a foreign key to cases or users; an issued invoice never changes and no invoice is
 * deleted (triggers refuse both). `overdue` is no stored status: an open invoice after its due date.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id').notNull(),
    clientId: uuid('client_id').notNull(),
    status: text('status', { enum: ['draft', 'open', 'paid', 'credited'] })
      .notNull()
      .default('draft'),
    recipient: text('recipient', { enum: ['client', 'employer'] }).notNull(),
    /** Copied at issue; null on a draft (read live from the case). */
    recipientDetails: jsonb('recipient_details').$type<InvoicePartyRecord>(),
    employerVatId: text('employer_vat_id'),
    /** The employer's KvK number (NLCIUS BR-NL-10); in recipient_details at issue. */
    employerKvk: text('employer_kvk'),
    seller: jsonb('seller').$type<InvoicePartyRecord>(),
    number: text('number'),
    year: integer('year'),
    sequence: integer('sequence'),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    issuedAt: tstz('issued_at'),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    reference: text('reference'),
    serviceFrom: date('service_from', { mode: 'string' }),
    serviceTo: date('service_to', { mode: 'string' }),
    paidAt: tstz('paid_at'),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    credits: uuid('credits'),
    reminderSentAt: tstz('reminder_sent_at'),
    letterSentAt: tstz('letter_sent_at'),
    taskMailedAt: tstz('task_mailed_at'),
    createdBy: uuid('created_by'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    uniqueIndex('invoices_credits_key').on(t.credits),
    index('invoices_case_idx').on(t.caseId, t.createdAt),
    index('invoices_issue_date_idx').on(t.issueDate),
    index('invoices_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** The last invoice number given per calendar year, taken under a row lock in the issuing transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    vatRate: integer('vat_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] })],
);

/** Payments at Mollie ('tr_…') with the status Mollie last reported. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: text('id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    checkoutUrl: text('checkout_url'),
    paidAt: tstz('paid_at'),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('invoice_payments_invoice_idx').on(t.invoiceId)],
);

/**
 * The VAPID key pair made once when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are unset (one row, id 1),
 * shared by every instance.
 */
export const pushKeys = pgTable(
  'push_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: tstz('created_at').notNull(),
  },
  (t) => [check('push_keys_one_row', sql`${t.id} = 1`)],
);

/**
 * A device's Web Push subscription (src/server/push): the push service's endpoint and the browser's keys.
 * `tokenId` is the session that made it: logout (any revocation of that token) deletes it by a trigger.
 * Deleted with the user.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenId: uuid('token_id').references(() => tokens.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: tstz('created_at').notNull(),
    lastUsedAt: tstz('last_used_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.lastUsedAt),
    index('push_subscriptions_token_idx')
      .on(t.tokenId)
      .where(sql`${t.tokenId} IS NOT NULL`),
  ],
);

/**
 * The push outbox: one row per notice and device, written in the transaction of its cause and
 * sent by the push worker (src/server/push/worker.ts), retried on 429 and 5xx. `ref` holds ids
 * only (case, message, document) for the check at sending time whether it was read; the text is
 * made when it is sent. At most one pending row per device and tag: several within a minute are one.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tag: text('tag').notNull(),
    ref: jsonb('ref').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tstz('next_attempt_at').notNull(),
    leaseUntil: tstz('lease_until'),
    dedupeKey: text('dedupe_key'),
    lastError: text('last_error'),
    createdAt: tstz('created_at').notNull(),
    sentAt: tstz('sent_at'),
  },
  (t) => [
    check('push_outbox_status', sql`${t.status} IN ('pending', 'sent', 'failed', 'skipped')`),
    index('push_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('push_outbox_subscription_idx').on(t.subscriptionId, t.status),
    index('push_outbox_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('push_outbox_dedupe_key').on(t.dedupeKey),
    uniqueIndex('push_outbox_pending_tag_key')
      .on(t.subscriptionId, t.tag)
      .where(sql`${t.status} = 'pending'`),
  ],
);
