import type { ClientDashboard } from '../../contract/dashboard';
import { getAppointmentState, type AppointmentViewSettings } from '../appointments/state';
import type { Db } from '../db/client';
import { getStepper, type StepperLanguage } from '../stepper/queries';
import { getTimelinePage } from '../workflow/timeline';
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
  options: { language: StepperLanguage; now: Date; link: DocumentLink; appointments: AppointmentViewSettings },
): Promise<ClientDashboard> {
  const { caseRow } = access;
  const [view, stepper, timeline, appointment, questions] = await Promise.all([
    getClientCaseView(db, caseRow, options.link),
    getStepper(db, caseRow, options.language),
    getTimelinePage(db, { caseId: caseRow.id, forClient: true, page: 1, language: options.language }),
    getAppointmentState(db, access, options.now, options.appointments),
    getQuestionsWithAnswers(db, 'client', access.auth.userId),
  ]);
  return {
    case: view,
    stepper,
    timeline,
    appointment,
    questions,
  };
}
