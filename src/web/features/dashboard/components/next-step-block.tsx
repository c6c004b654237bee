import { Check, ExternalLink, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  getChecklistButtons,
  getStepVersion,
  hasChecklist,
  invitesFeedback,
  numberSubtitle,
  type StepperFlags,
} from '../../../../contract/rules/stepper';
import type { StepButton, StepperStep } from '../../../../contract/stepper';
import { buttonClasses } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { CHECKLIST_ROUTES } from './routes';

type NextStepBlockProps = {
  step: StepperStep;
  /** The step's place in the route the client sees ('Jouw stappenplan'), shown as 'Stap N'. */
  stepNumber: number | null;
  flags: StepperFlags;
  hasLawyer: boolean;
  /** The settlement agreement is signed: 'Klaar voor ondertekening' shows its signed version. */
  settlementSigned?: boolean;
  reviewUrl: string | undefined;
  onOpenLawyer: () => void;
  onOpenFeedback: () => void;
  /** Open to-dos: the block then never reads as if nothing is needed. */
  openTodos: number;
};

const green =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border ' +
  'border-green-800 bg-green-700 px-5 py-2.5 font-semibold text-white ' +
  'hover:bg-green-800';

/** The next-step block: the current phase's subtitle, title, description and buttons. */
export function NextStepBlock({
  step,
  stepNumber,
  flags,
  hasLawyer,
  settlementSigned = false,
  reviewUrl,
  onOpenLawyer,
  onOpenFeedback,
  openTodos,
}: NextStepBlockProps) {
  const { t } = useTranslation();
  const content =
    getStepVersion(step.slug, flags, { hasLawyer, settlementSigned }) === 'complete'
      ? step.content_complete
      : step.content_incomplete;
  const checklist = hasChecklist(step.slug) ? getChecklistButtons(flags) : [];
  const red = content.colour === 'red' || openTodos > 0;

  const reviewLink = (label: string, key: string) =>
    reviewUrl ? (
      <a key={key} href={reviewUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses.primary}>
        {label}
        <ExternalLink className="size-4" aria-hidden="true" />
        <span className="sr-only">{t('dashboard.newTab')}</span>
      </a>
    ) : null;

  const renderButton = (button: StepButton, i: number) => {
    const key = `${button.action}-${i}`;
    switch (button.action) {
      case 'personal-data':
      case 'employer-data':
      case 'documents': {
        const state = checklist.find((c) => c.action === button.action) ?? { enabled: true, complete: false };
        if (!state.enabled) {
          return (
            <button key={key} type="button" disabled className={buttonClasses.secondary}>
              <Lock className="size-4" aria-hidden="true" />
              {button.label}
              <span className="sr-only">{t('dashboard.nextStep.locked')}</span>
            </button>
          );
        }
        return (
          <Link
            key={key}
            to={CHECKLIST_ROUTES[button.action]}
            className={state.complete ? green : buttonClasses.primary}
            data-complete={state.complete || undefined}
          >
            {state.complete && <Check className="size-4" aria-hidden="true" />}
            {button.label}
            {state.complete && <span className="sr-only">{t('dashboard.nextStep.complete')}</span>}
          </Link>
        );
      }
      case 'offer':
        return (
          <Link key={key} to="/offerte" className={buttonClasses.primary}>
            {button.label}
          </Link>
        );
      case 'my-story':
        return (
          <Link key={key} to="/mijn-verhaal/verhaal-gegevens" className={buttonClasses.primary}>
            {button.label}
          </Link>
        );
      case 'lawyer':
        return hasLawyer ? (
          <button key={key} type="button" onClick={onOpenLawyer} className={buttonClasses.primary}>
            {button.label}
          </button>
        ) : null;
      case 'feedback':
        if (flags.feedback) return reviewLink(button.label, key);
        return hasLawyer ? (
          <button key={key} type="button" onClick={onOpenFeedback} className={buttonClasses.primary}>
            {button.label}
          </button>
        ) : null;
      case 'review':
        return reviewLink(button.label, key);
      case 'proposal':
        return (
          <Link key={key} to="/opdrachtbevestiging" className={buttonClasses.primary}>
            {button.label}
          </Link>
        );
    }
  };

  return (
    <section
      aria-labelledby="next-step-heading"
      className={cn(
        'flex flex-col gap-3 rounded-2xl border-l-8 bg-white p-6 shadow-sm',
        red ? 'border-red-700' : 'border-green-700',
      )}
    >
      <p
        className={cn(
          'w-fit rounded-full px-3 py-1 text-sm font-semibold',
          red ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800',
        )}
      >
        {numberSubtitle(content.subtitle, stepNumber)}
      </p>
      <h2 id="next-step-heading" className="text-xl font-bold text-slate-900">
        {content.title}
      </h2>
      <p className="max-w-prose text-slate-800">{content.description}</p>
      {openTodos > 0 && (
        <p className="max-w-prose font-medium text-red-800">
          <a href="#todo-heading" className="underline underline-offset-4">
            {t('caseRoute.todos.pending', { count: openTodos })}
          </a>
        </p>
      )}
      {content.buttons.length > 0 && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">{content.buttons.map(renderButton)}</div>
      )}
      {invitesFeedback(step.slug) && (
        <Link to="/review" className="w-fit font-medium text-brand-700 underline underline-offset-4">
          {t('dashboard.nextStep.reviewPage')}
        </Link>
      )}
    </section>
  );
}
