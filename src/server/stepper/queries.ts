import { asc, eq, sql } from 'drizzle-orm';
import { isOpenMandatoryDocument } from '../../contract/rules/case-route';
import { getFormCompleteness, isPassedStepDone } from '../../contract/rules/stepper';
import { StatusContentSchema, type STEPPER_LANGUAGES, type StatusContent, type Stepper } from '../../contract/stepper';
import { getStatus, type StatusSlug } from '../../contract/statuses';
import type { Article } from '../../contract/articles';
import type { CaseRow } from '../cases/access';
import type { Db } from '../infra/db/client';
import { articles, documents, feedback, statusArticles, statuses } from '../infra/db/schema';
import { preparedQuery } from '../infra/db/prepared';
import { userById } from '../users/queries';
import { STEPPER_CONTENT } from '../infra/db/stepper-content';

export type StepperLanguage = (typeof STEPPER_LANGUAGES)[number];

/** A phase's texts in the language asked for; the seeded texts when the stored ones are unusable. */
function contentFor(
  slug: StatusSlug,
  stored: unknown,
  language: StepperLanguage,
): Pick<StatusContent, 'incomplete' | 'complete'> {
  const parsed = StatusContentSchema.safeParse(stored);
  const content = parsed.success ? parsed.data : STEPPER_CONTENT[slug];
  if (language === 'en-US' && content.en) return content.en;
  return { incomplete: content.incomplete, complete: content.complete };
}

// The stepper's reads, built once per database (the dashboard asks for them on every visit).
const documentStates = preparedQuery((db) =>
  db
    .select({ mandatory: documents.mandatory, status: documents.status })
    .from(documents)
    .where(eq(documents.caseId, sql.placeholder('caseId')))
    .prepare('document_states'),
);
const feedbackGiven = preparedQuery((db) =>
  db
    .select({ id: feedback.id })
    .from(feedback)
    .where(eq(feedback.caseId, sql.placeholder('caseId')))
    .limit(1)
    .prepare('feedback_given'),
);
const allStatuses = preparedQuery((db) =>
  db.select().from(statuses).orderBy(asc(statuses.order)).prepare('all_statuses'),
);
const articlesByStatus = preparedQuery((db) =>
  db
    .select({ slug: statusArticles.statusSlug, article: articles })
    .from(statusArticles)
    .innerJoin(articles, eq(articles.id, statusArticles.articleId))
    .orderBy(asc(statusArticles.position))
    .prepare('articles_by_status'),
);

/** The stepper response for one case. */
export async function getStepper(db: Db, caseRow: CaseRow, language: StepperLanguage): Promise<Stepper> {
  const [clientRows, docs, feedbackRows, statusRows, articleRows] = await Promise.all([
    userById(db).execute({ id: caseRow.clientId }),
    documentStates(db).execute({ caseId: caseRow.id }),
    feedbackGiven(db).execute({ caseId: caseRow.id }),
    allStatuses(db).execute(),
    articlesByStatus(db).execute(),
  ]);
  const client = clientRows[0];
  const articlesBySlug = new Map<string, Article[]>();
  for (const { slug, article } of articleRows) {
    const list = articlesBySlug.get(slug) ?? [];
    list.push({
      id: article.id,
      title: article.title,
      image: article.image,
      description: article.description,
      link: article.link,
      tags: article.tags,
    });
    articlesBySlug.set(slug, list);
  }
  const forms = getFormCompleteness(client, caseRow);
  const current = statusRows.find((s) => s.slug === caseRow.statusSlug);
  const currentOrder = current?.order ?? getStatus(caseRow.statusSlug as StatusSlug).order;
  const flags = {
    profile_complete: forms.profileComplete,
    company_details_complete: forms.companyComplete,
    // Complete when no mandatory document is still to be provided: a rejected one is open again.
    documents_complete: !docs.some(isOpenMandatoryDocument),
  };
  return {
    ...flags,
    feedback: feedbackRows.length > 0,
    stepper: statusRows.map((row) => {
      const slug = row.slug as StatusSlug;
      const content = contentFor(slug, row.content, language);
      return {
        slug,
        display_name: row.displayName,
        content_incomplete: content.incomplete,
        content_complete: content.complete,
        order: row.order,
        is_current: row.slug === caseRow.statusSlug,
        // A passed phase whose work is open again is not complete ('Dossier aanvullen' with a document missing).
        is_complete:
          (row.order < currentOrder && isPassedStepDone(slug, flags)) ||
          (slug === 'completed' && caseRow.statusSlug === 'completed'),
        articles: articlesBySlug.get(row.slug) ?? [],
      };
    }),
  };
}
