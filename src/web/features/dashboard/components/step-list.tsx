import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getStepVersion, type StepperFlags } from '../../../../contract/rules/stepper';
import type { StepperStep } from '../../../../contract/stepper';
import { cn } from '../../../ui/cn';

/**
 * 'Jouw stappenplan': every phase as a vertical stepper; done, current and upcoming are told
 * apart by more than colour. Each step is named for the client ('Aanmelding', 'Gegevens
 * compleet'), never with the firm's sales names ('Lead', 'Bijna cliënt'), which are the lawyers'.
 */
export function StepList({
  steps,
  flags,
  hasLawyer,
  settlementSigned = false,
}: {
  steps: StepperStep[];
  flags: StepperFlags;
  hasLawyer: boolean;
  /** The settlement agreement is signed: 'Klaar voor ondertekening' shows its signed version. */
  settlementSigned?: boolean;
}) {
  const { t } = useTranslation();
  const currentOrder = steps.find((step) => step.is_current)?.order;
  return (
    <section aria-labelledby="step-list-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="step-list-heading" className="mb-4 text-lg font-semibold text-slate-900">
        {t('dashboard.stepper.heading')}
      </h2>
      <ol className="flex flex-col">
        {steps.map((step, i) => {
          const last = i === steps.length - 1;
          const done = step.is_complete && !step.is_current;
          // A passed phase whose work is open again (a mandatory document missing after 'Dossier aanvullen'): its
          // 'incomplete' text, marked as not yet complete, never 'Je dossier is compleet'.
          const open = !done && !step.is_current && currentOrder !== undefined && step.order < currentOrder;
          // The current step shows the same version as the next-step block; a kept promise is not shown as pending.
          const content =
            done ||
            (step.is_current && getStepVersion(step.slug, flags, { hasLawyer, settlementSigned }) === 'complete')
              ? step.content_complete
              : step.content_incomplete;
          return (
            <li
              key={step.slug}
              className="relative flex gap-4 pb-5 last:pb-0"
              aria-current={step.is_current ? 'step' : undefined}
            >
              {!last && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-8 left-[15px] h-[calc(100%-2rem)] w-0.5',
                    done ? 'bg-green-700' : 'bg-slate-300',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={cn(
                  'z-10 flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold',
                  done && 'border-green-700 bg-green-700 text-white',
                  step.is_current && 'border-brand-700 bg-brand-700 text-white',
                  open && 'border-red-700 bg-white text-red-800',
                  !done && !open && !step.is_current && 'border-slate-400 bg-white text-slate-700',
                )}
              >
                {done ? <Check className="size-4" /> : i + 1}
              </span>
              <div className="flex flex-col pt-1">
                <span className={cn('font-semibold', step.is_current ? 'text-brand-800' : 'text-slate-900')}>
                  {content.title}
                </span>
                <span className="text-sm text-slate-700">
                  {t(`dashboard.stepper.names.${step.slug}`)}
                  <span className="sr-only">
                    {' – '}
                    {step.is_current
                      ? t('dashboard.stepper.current')
                      : done
                        ? t('dashboard.stepper.done')
                        : open
                          ? t('dashboard.stepper.open')
                          : t('dashboard.stepper.upcoming')}
                  </span>
                </span>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
