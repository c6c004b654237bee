import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { CaseClientView, CaseLawyerView } from '../../contract/cases';
import type { Lawyer } from '../../contract/lawyers';
import type { Question } from '../../contract/questions';
import { OFFER_DISPLAY_NAMES } from '../../contract/offers';
import { getDisplayName } from '../../contract/rules/display-name';
import { getStatus, type StatusSlug } from '../../contract/statuses';
import type { Day } from '../../contract/days';
import { DAYS } from '../../contract/days';
import type { Db } from '../infra/db/client';
import {
  answers,
  articles,
  availability,
  caseLawyers,
  caseStandIns,
  contactPersons,
  documentViews,
  documents,
  questions,
  statusArticles,
  statuses,
  users,
} from '../infra/db/schema';
import { toDocumentList, type DocumentLink } from '../documents/mapping';
import { toContactPerson } from '../contact-persons/queries';
import { avatarUrl, userById } from '../users/queries';
import type { CaseRow } from './access';
import { localDate } from '../infra/lib/local-date';
import { preparedQuery } from '../infra/db/prepared';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const questionsWithAnswers = preparedQuery((db) =>
  db
    .select({ id: questions.id, text: questions.text, answer: answers.answer, version: answers.version })
    .from(questions)
    .leftJoin(answers, and(eq(answers.questionId, questions.id), eq(answers.ownerId, sql.placeholder('ownerId'))))
    .where(and(eq(questions.audience, sql.placeholder('audience')), eq(questions.active, true)))
    .orderBy(asc(questions.position))
    .prepare('questions_with_answers'),
);

/** Questions of an audience with the answers of one owner (a user or a case). */
export async function getQuestionsWithAnswers(
  db: Db,
  audience: 'client' | 'lawyer' | 'case',
  ownerId: string,
): Promise<Question[]> {
  const rows = await questionsWithAnswers(db).execute({ audience, ownerId });
  return rows.map((r) => ({ id: r.id, text: r.text, answer: r.answer ?? null, version: r.version ?? 0 }));
}

/**
 * The case's stand-ins whose date range has not ended by `today` (YYYY-MM-DD): on duty now or
 * later, the earliest made first, deactivated lawyers left out. The case view keeps those on duty
 * today; the booking screen plans each day with all of them.
 */
export const standInsFrom = preparedQuery((db) =>
  db
    .select({ user: users, from: caseStandIns.fromDate, until: caseStandIns.untilDate })
    .from(caseStandIns)
    .innerJoin(users, eq(users.id, caseStandIns.lawyerId))
    .where(
      and(
        eq(caseStandIns.caseId, sql.placeholder('caseId')),
        gte(caseStandIns.untilDate, sql.placeholder('today')),
        isNull(users.deactivatedAt),
      ),
    )
    .orderBy(asc(caseStandIns.createdAt))
    .prepare('stand_ins_from'),
);

const assignedLawyers = preparedQuery((db) =>
  db
    .select({ user: users })
    .from(caseLawyers)
    .innerJoin(users, eq(users.id, caseLawyers.lawyerId))
    .where(eq(caseLawyers.caseId, sql.placeholder('caseId')))
    .orderBy(asc(caseLawyers.assignedAt))
    .prepare('assigned_lawyers'),
);

const availabilityOf = preparedQuery((db) =>
  db
    .select()
    .from(availability)
    .where(eq(availability.userId, sql.placeholder('userId')))
    .prepare('availability_of'),
);

/**
 * The case's lawyers as the client sees them: profile, answers and weekly availability. The
 * assigned lawyers come first; a stand-in whose date range covers today (Europe/Amsterdam)
 * follows, marked `stand_in` (the screens show 'Vervangend jurist').
 */
export async function getCaseLawyers(db: Db, caseId: string, now?: Date): Promise<Lawyer[]> {
  const today = now ? localDate(now) : null;
  const [standIns, assigned] = await Promise.all([
    today
      ? standInsFrom(db)
          .execute({ caseId, today })
          .then((rows) => rows.filter((row) => row.from <= today))
      : Promise.resolve([]),
    assignedLawyers(db).execute({ caseId }),
  ]);
  const seen = new Set<string>();
  const rows = [
    ...assigned.map(({ user }) => ({ user, standIn: null as { from: string; until: string } | null })),
    ...standIns.map(({ user, from, until }) => ({
      user,
      standIn: { from, until } as { from: string; until: string } | null,
    })),
  ].filter(({ user }) => (seen.has(user.id) ? false : (seen.add(user.id), true)));
  return Promise.all(
    rows.map(async ({ user, standIn }) => {
      const [days, lawyerAnswers] = await Promise.all([
        availabilityOf(db).execute({ userId: user.id }),
        getQuestionsWithAnswers(db, 'lawyer', user.id),
      ]);
      return {
        id: user.id,
        avatar: avatarUrl(user.avatarKey),
        name: user.name,
        last_name: user.lastName,
        full_name: getDisplayName({ name: user.name, infix: user.infix, last_name: user.lastName }),
        title: user.title,
        email: user.email,
        phone_number: user.phoneNumber,
        postcode: user.postcode,
        house_number: user.houseNumber,
        street: user.street,
        city: user.city,
        quote: user.quote,
        answers: lawyerAnswers.map((a) => ({ question_id: a.id, question: a.text, answer: a.answer })),
        questions: lawyerAnswers,
        availability: [...days]
          .sort((a, b) => DAYS.indexOf(a.day as Day) - DAYS.indexOf(b.day as Day))
          .map((d) => ({ day: d.day as Day, start_time: d.startTime, end_time: d.endTime })),
        stand_in: standIn,
      };
    }),
  );
}

const documentsOfCase = (db: Db, onlyVisible: boolean) =>
  db
    .select()
    .from(documents)
    .where(and(eq(documents.caseId, sql.placeholder('caseId')), onlyVisible ? eq(documents.visible, true) : undefined))
    .orderBy(sql`${documents.mandatory} DESC`, asc(documents.createdAt));
const documentsOf = preparedQuery((db) => documentsOfCase(db, false).prepare('documents_of'));
const visibleDocumentsOf = preparedQuery((db) => documentsOfCase(db, true).prepare('visible_documents_of'));

/** Documents of a case; a client sees only visible ones. */
export async function getCaseDocuments(db: Db, caseId: string, options: { onlyVisible: boolean } & DocumentLink) {
  const rows = await (options.onlyVisible ? visibleDocumentsOf : documentsOf)(db).execute({ caseId });
  const personIds = [
    ...new Set(
      rows.flatMap((r) => [r.uploadedBy, r.approvedBy, r.rejectedBy]).filter((id): id is string => Boolean(id)),
    ),
  ];
  const people = personIds.length
    ? await db
        .select({ id: users.id, name: users.name, infix: users.infix, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, personIds))
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return toDocumentList(rows, byId, options);
}

const articlesOfStatus = preparedQuery((db) =>
  db
    .select({ article: articles })
    .from(statusArticles)
    .innerJoin(articles, eq(articles.id, statusArticles.articleId))
    .where(eq(statusArticles.statusSlug, sql.placeholder('slug')))
    .orderBy(asc(statusArticles.position))
    .prepare('articles_of_status'),
);

export async function getStatusArticles(db: Db, slug: StatusSlug) {
  const rows = await articlesOfStatus(db).execute({ slug });
  return rows.map(({ article }) => ({
    id: article.id,
    title: article.title,
    image: article.image,
    description: article.description,
    link: article.link,
    tags: article.tags,
  }));
}

const statusRow = preparedQuery((db) =>
  db
    .select()
    .from(statuses)
    .where(eq(statuses.slug, sql.placeholder('slug')))
    .prepare('status_row'),
);

async function statusOf(db: Db, slug: string) {
  const [row] = await statusRow(db).execute({ slug });
  const fallback = getStatus(slug as StatusSlug);
  return {
    slug: slug as StatusSlug,
    display_name: row?.displayName ?? fallback.displayName,
    order: row?.order ?? fallback.order,
  };
}

/** The client's view of their case. */
export function getClientCaseView(db: Db, caseRow: CaseRow, link: DocumentLink): Promise<CaseClientView> {
  // The client's own view: what the lawyer shared comes `locked`.
  const documentList = getCaseDocuments(db, caseRow.id, { onlyVisible: true, ...link, clientId: caseRow.clientId });
  return caseView(db, caseRow, link, documentList, getStatusArticles(db, caseRow.statusSlug as StatusSlug));
}

const contactPersonsOf = preparedQuery((db) =>
  db
    .select()
    .from(contactPersons)
    .where(eq(contactPersons.caseId, sql.placeholder('caseId')))
    .orderBy(asc(contactPersons.position))
    .prepare('contact_persons_of'),
);

/**
 * The fields both views share. The documents and the status's articles are read by the caller:
 * the client's view reads the visible documents and the articles, the lawyer's view every
 * document and no articles (it does not show them), so neither reads what it throws away.
 */
async function caseView(
  db: Db,
  caseRow: CaseRow,
  link: DocumentLink,
  documentList: ReturnType<typeof getCaseDocuments>,
  articleList: ReturnType<typeof getStatusArticles>,
): Promise<CaseClientView> {
  const [status, statusArticleList, docs, contacts, lawyers, caseQuestions] = await Promise.all([
    statusOf(db, caseRow.statusSlug),
    articleList,
    documentList,
    contactPersonsOf(db).execute({ caseId: caseRow.id }),
    getCaseLawyers(db, caseRow.id, link.now),
    getQuestionsWithAnswers(db, 'case', caseRow.id),
  ]);
  return {
    id: caseRow.id,
    title: caseRow.title,
    appointment_start_time: iso(caseRow.appointmentStartTime),
    appointment_end_time: iso(caseRow.appointmentEndTime),
    company_name: caseRow.companyName,
    company_street: caseRow.companyStreet,
    company_house_number: caseRow.companyHouseNumber,
    company_postcode: caseRow.companyPostcode,
    company_city: caseRow.companyCity,
    contact_email: caseRow.contactEmail,
    contact_phone_number: caseRow.contactPhoneNumber,
    last_updated_at: caseRow.lastUpdateAt.toISOString(),
    proposal_signed_at: iso(caseRow.proposalSignedAt),
    minimal_achievement: caseRow.minimalAchievement,
    proposal_document_id: caseRow.proposalDocumentId,
    proposal_sent_at: iso(caseRow.proposalSentAt),
    proposal_sha256: caseRow.proposalSha256,
    completed_at: iso(caseRow.completedAt),
    withdrawal_ends_at: iso(caseRow.withdrawalEndsAt),
    start_consent: caseRow.startConsent,
    legal_hold: caseRow.legalHold,
    status: { ...status, articles: statusArticleList },
    offer: caseRow.offer ? { slug: caseRow.offer, display_name: OFFER_DISPLAY_NAMES[caseRow.offer] } : null,
    documents: docs,
    contact_persons: contacts.map(toContactPerson),
    company_version: caseRow.companyVersion,
    contact_persons_version: caseRow.contactPersonsVersion,
    lawyers,
    typeform: caseRow.typeform,
    questions: caseQuestions,
  };
}

/** Documents uploaded or replaced since this lawyer last opened or downloaded them. */
export async function countPendingDocuments(db: Db, caseId: string, lawyerId: string): Promise<number> {
  const [row] = await pendingDocuments(db).execute({ caseId, lawyerId });
  return row?.n ?? 0;
}

const pendingDocuments = preparedQuery((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(documents)
    .leftJoin(
      documentViews,
      and(eq(documentViews.documentId, documents.id), eq(documentViews.userId, sql.placeholder('lawyerId'))),
    )
    .where(
      and(
        eq(documents.caseId, sql.placeholder('caseId')),
        sql`${documents.uploadedAt} IS NOT NULL`,
        sql`(${documentViews.viewedAt} IS NULL OR ${documentViews.viewedAt} < ${documents.uploadedAt})`,
      ),
    )
    .prepare('pending_documents'),
);

/** The lawyer's view of a case. */
export async function getLawyerCaseView(
  db: Db,
  caseRow: CaseRow,
  lawyerId: string,
  link: DocumentLink,
): Promise<CaseLawyerView> {
  const [base, clientRows, clientQuestions, pending] = await Promise.all([
    // Every document, hidden ones too: the client's visible list is not read for this view.
    caseView(db, caseRow, link, getCaseDocuments(db, caseRow.id, { onlyVisible: false, ...link }), Promise.resolve([])),
    userById(db).execute({ id: caseRow.clientId }),
    getQuestionsWithAnswers(db, 'client', caseRow.clientId),
    countPendingDocuments(db, caseRow.id, lawyerId),
  ]);
  const client = clientRows[0];
  if (!client) throw new Error(`Case ${caseRow.id} has no client`);
  const street = [client.street, [client.houseNumber, client.houseNumberAddition].filter(Boolean).join('')]
    .filter(Boolean)
    .join(' ');
  const address =
    street || client.postcode
      ? [street, [client.postcode, client.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
      : null;
  const { status, ...rest } = base;
  return {
    ...rest,
    status: { slug: status.slug, display_name: status.display_name, order: status.order },
    client: {
      id: client.id,
      name: client.name,
      infix: client.infix,
      last_name: client.lastName,
      email: client.email,
      phone_number: client.phoneNumber,
      address,
      postcode: client.postcode,
      house_number: client.houseNumber,
      house_number_addition: client.houseNumberAddition,
      street: client.street,
      city: client.city,
      client_questions: clientQuestions,
    },
    client_name: getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName }),
    last_update_at: caseRow.lastUpdateAt.toISOString(),
    pending_documents: pending,
  };
}
