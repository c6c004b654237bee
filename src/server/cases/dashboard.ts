import type { ClientDashboard, DashboardRetention } from '../../contract/dashboard';
import { getDeletionDate, getFileDestructionDate } from '../../contract/rules/case-route';
import { getAppointmentState, type AppointmentViewSettings } from '../appointments/state';
import type { Db } from '../infra/db/client';
import { getStepper, type StepperLanguage } from '../stepper/queries';
import { getTimelinePage } from '../workflow/timeline';
import { listCaseInvoices } from '../invoices/queries';
import type { CaseAccess } from './access';
import type { DocumentLink } from '../documents/mapping';
import { getClientCaseView, getQuestionsWithAnswers } from './views';

/**
 * The client's dashboard in one answer (GET /api/cases/mine/dashboard): each part is read by the same function as the
 * request it stands for, so it is the same answer.
 */
export async function getClientDashboard(
  db: Db,
  access: CaseAccess,
  options: {
    language: StepperLanguage;
    now: Date;
    link: DocumentLink;
    appointments: AppointmentViewSettings;
    fileRetentionYears: number;
    invoices: Omit<Parameters<typeof listCaseInvoices>[2], 'now' | 'readerIsClient'>;
  },
): Promise<ClientDashboard> {
  const { caseRow } = access;
  const [view, stepper, timeline, appointment, questions, invoices] = await Promise.all([
    getClientCaseView(db, caseRow, options.link),
    getStepper(db, caseRow, options.language),
    getTimelinePage(db, { caseId: caseRow.id, forClient: true, page: 1, language: options.language }),
    getAppointmentState(db, access, options.now, options.appointments),
    getQuestionsWithAnswers(db, 'client', access.auth.userId),
    listCaseInvoices(db, caseRow, { ...options.invoices, now: options.now, readerIsClient: true }),
  ]);
  return {
    case: view,
    stepper,
    timeline,
    appointment,
    questions,
    retention: retentionOf(caseRow, options.fileRetentionYears),
    invoices,
  };
}

/**
 * A completed case: when the account goes (6 months after completion) and until when the firm keeps the file
 * (`years` after completion). Null before completion, and on a legal hold (which stops both).
 */
function retentionOf(caseRow: CaseAccess['caseRow'], years: number): DashboardRetention | null {
  if (caseRow.statusSlug !== 'completed' || !caseRow.completedAt || caseRow.legalHold) return null;
  return {
    account_until: getDeletionDate(caseRow.completedAt).toISOString(),
    file_until: getFileDestructionDate(caseRow.completedAt, years).toISOString(),
    years,
  };
}
