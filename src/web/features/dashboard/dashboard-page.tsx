import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  getClientRoute,
  getCurrentStep,
  getStepNumber,
  getWelcomeTarget,
  showsWelcome,
} from '../../../contract/rules/stepper';
import { getStatus } from '../../../contract/statuses';
import { useSession } from '../../lib/app-session';
import { getErrorText } from '../../lib/error-text';
import { useSettlementSummary } from '../../lib/settlement-query';
import { useSite } from '../../lib/site';
import { CoolingOffNotice } from '../../widgets/cooling-off-notice';
import { OpenInvoicesCard } from '../../widgets/open-invoices-card';
import { PageHeading } from '../../ui/page-heading';
import { Spinner } from '../../ui/spinner';
import { useMyCase } from '../../lib/my-case-query';
import { useClientQuestions, useCurrentUser, useStepper } from './api';
import { CaseDates } from './components/case-dates';
import { TodoList } from './components/todo-list';
import { getClientTodos } from '../../../contract/rules/client-todos';
import { TimelineList } from '../../widgets/timeline-list';
import { ArticleList } from './components/article-list';
import { FloatingLawyerButton } from './components/floating-lawyer-button';
import { LawyerCard } from './components/lawyer-card';
import { LawyerSheet } from './components/lawyer-sheet';
import { NextStepBlock } from './components/next-step-block';
import { PushOffer } from './components/push-offer';
import { AppointmentBlock } from './components/appointment-block';
import { StepList } from './components/step-list';
import { WelcomeBlock } from './components/welcome-block';
import { loadWithReload } from '../../lib/lazy-module';

/** The page's data for the first page of a visit (app/routes.tsx, lib/first-page.ts). */
export { dashboardData } from './api';

/**
 * The feedback dialog (react-hook-form, the `forms` chunk) loads when it is opened: the
 * dashboard's first paint does not wait for it (decision 022, addendum).
 */
const FeedbackDialog = lazy(() =>
  loadWithReload('feedback-dialog', () => import('./components/feedback-dialog')).then((m) => ({
    default: m.FeedbackDialog,
  })),
);

const OFFER_CHOSEN_ORDER = getStatus('offer-chosen').order;
/** 'Wat is er gebeurd' shows the latest few events, with 'Toon meer' for the rest. */
const TIMELINE_PREVIEW = 5;

/** The client's dashboard (/): welcome, next step, lawyer, 'Jouw stappenplan' and articles. */
export function DashboardPage() {
  const { t } = useTranslation();
  const name = useSession((state) => state.user?.name ?? null);
  const site = useSite();
  const myCase = useMyCase();
  const stepper = useStepper(myCase.data?.id);
  const user = useCurrentUser();
  const questions = useClientQuestions();
  // Once the settlement agreement is signed: until when the client can still dissolve it.
  const settlement = useSettlementSummary(myCase.data?.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const [lawyerOpen, setLawyerOpen] = useState(false);
  // Keeps the dialog's thank-you view open after the stepper reports the new feedback.
  const [feedbackSent, setFeedbackSent] = useState(false);
  const feedbackOpen = searchParams.get('feedback') === '1';
  const setFeedbackOpen = (open: boolean) =>
    setSearchParams(
      (params) => {
        if (open) params.set('feedback', '1');
        else params.delete('feedback');
        return params;
      },
      { replace: true },
    );

  const heading = <PageHeading>{t('pages.dashboard.title')}</PageHeading>;
  if (myCase.isPending || (myCase.data && stepper.isPending) || user.isPending || questions.isPending) {
    return (
      <section className="flex flex-col gap-4">
        {heading}
        <p role="status" className="flex items-center gap-2 text-slate-800">
          <Spinner />
          {t('dashboard.loading')}
        </p>
      </section>
    );
  }
  if (
    myCase.isError ||
    stepper.isError ||
    user.isError ||
    questions.isError ||
    !myCase.data ||
    !stepper.data ||
    !user.data ||
    !questions.data
  ) {
    return (
      <section className="flex flex-col gap-4">
        {heading}
        <p role="alert" className="text-red-800">
          {getErrorText(myCase.error ?? stepper.error ?? user.error ?? questions.error, t)}
        </p>
      </section>
    );
  }

  const caseView = myCase.data;
  const flags = stepper.data;
  // A phase the package skips is not part of the client's route (decision record 021).
  const route = getClientRoute(flags.stepper, caseView.offer?.slug);
  const current = getCurrentStep(route);
  const lawyers = caseView.lawyers;
  const firstLawyer = lawyers[0];
  const articles = current?.articles.length ? current.articles : caseView.status.articles;
  const todos = getClientTodos({
    status: caseView.status.slug,
    proposal_signed_at: caseView.proposal_signed_at,
    proposal_document_id: caseView.proposal_document_id,
    documents: caseView.documents,
    questions: questions.data,
    profile: user.data,
    company: caseView,
  });

  return (
    <section className="flex flex-col gap-6">
      {heading}
      {showsWelcome(current) && <WelcomeBlock name={name} target={getWelcomeTarget(flags)} />}
      <PushOffer />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-6">
          {settlement.data?.cooling_off_running && settlement.data.cooling_off_ends_on && (
            <CoolingOffNotice caseId={caseView.id} endsOn={settlement.data.cooling_off_ends_on} />
          )}
          <OpenInvoicesCard caseId={caseView.id} />
          {current && (
            <NextStepBlock
              step={current}
              stepNumber={getStepNumber(route, current.slug)}
              flags={flags}
              hasLawyer={Boolean(firstLawyer)}
              settlementSigned={Boolean(settlement.data?.signed)}
              reviewUrl={site?.review_url}
              onOpenLawyer={() => setLawyerOpen(true)}
              onOpenFeedback={() => setFeedbackOpen(true)}
              openTodos={todos.length}
            />
          )}
          {firstLawyer && (
            <AppointmentBlock caseId={caseView.id} caseAppointmentStart={caseView.appointment_start_time} />
          )}
          <TodoList todos={todos} />
          <CaseDates view={caseView} />
          <TimelineList
            caseId={caseView.id}
            heading={t('caseRoute.timeline.clientHeading')}
            headingId="history-heading"
            forClient
            initialCount={TIMELINE_PREVIEW}
          />
          <ArticleList articles={articles} />
        </div>
        <div className="flex flex-col gap-6">
          <LawyerCard
            lawyers={lawyers}
            offerChosen={caseView.status.order >= OFFER_CHOSEN_ORDER || caseView.offer !== null}
            supportEmail={site?.support_email}
            onOpen={() => setLawyerOpen(true)}
          />
          <StepList
            steps={route}
            flags={flags}
            hasLawyer={Boolean(firstLawyer)}
            settlementSigned={Boolean(settlement.data?.signed)}
          />
          <p className="text-slate-800">
            {t('settlement.calculator.dashboardNote')}{' '}
            <Link to="/transitievergoeding" className="font-medium text-brand-700 underline underline-offset-4">
              {t('settlement.calculator.link')}
            </Link>
          </p>
          <p className="text-slate-800">
            {t('complaints.dashboardNote')}{' '}
            <Link to="/klacht" className="font-medium text-brand-700 underline underline-offset-4">
              {t('footer.complaint')}
            </Link>
          </p>
        </div>
      </div>
      {firstLawyer && (
        <>
          <FloatingLawyerButton lawyer={firstLawyer} onOpen={() => setLawyerOpen(true)} />
          <LawyerSheet
            lawyers={lawyers}
            open={lawyerOpen}
            onOpenChange={setLawyerOpen}
            onPlanAppointment={() => {
              setLawyerOpen(false);
              // After the dialog has closed and given the focus back.
              setTimeout(() => {
                const block = document.getElementById('appointment');
                block?.scrollIntoView({ block: 'start' });
                block?.querySelector<HTMLElement>('button')?.focus();
              }, 0);
            }}
          />
          {feedbackOpen && (
            <Suspense fallback={null}>
              <FeedbackDialog
                caseId={caseView.id}
                lawyerId={firstLawyer.id}
                lawyerName={firstLawyer.full_name}
                reviewUrl={site?.review_url}
                open={feedbackOpen && (!flags.feedback || feedbackSent)}
                onOpenChange={(open) => {
                  setFeedbackOpen(open);
                  if (!open) setFeedbackSent(false);
                }}
                onSent={() => setFeedbackSent(true)}
              />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
