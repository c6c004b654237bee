import * as Dialog from '@radix-ui/react-dialog';
import { AlertTriangle, X } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FinalizationAnswersRequestSchema,
  type FinalizationAnswersRequest,
  type FinalizationQuestion,
} from '../../../../contract/questions';
import { formatLongDate } from '../../../../contract/rules/settlement-format';
import { useSchemaForm } from '../../../lib/schema-form';
import { useSettlementSummary } from '../../../lib/settlement-query';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/field';
import { useFinalizationQuestions } from '../api';

type Props = {
  caseId: string;
  open: boolean;
  done: boolean;
  onOpenChange: (open: boolean) => void;
  /** Saves the answers, then the status; rejects with the request's error. */
  onConfirm: (answers: FinalizationAnswersRequest) => Promise<void>;
};

/**
 * 'Weet je zeker dat je dit dossier wilt afsluiten?' with the finalisation questions, then 'Dossier voltooid ✅'.
 * While the bedenktijd of a signed settlement agreement runs, it warns first: the client can still dissolve it.
 */
export function FinishDialog({ caseId, open, done, onOpenChange, onConfirm }: Props) {
  const { t, i18n } = useTranslation();
  const questions = useFinalizationQuestions(caseId, open);
  const settlement = useSettlementSummary(caseId, open);
  const coolingOffEndsOn = settlement.data?.cooling_off_running ? settlement.data.cooling_off_ends_on : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          aria-describedby={coolingOffEndsOn && !done ? 'finish-cooling-off' : undefined}
          className={
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] max-w-xl ' +
            '-translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl ' +
            'bg-white p-6 shadow-xl'
          }
        >
          <Dialog.Close
            className={
              'absolute top-3 right-3 inline-flex size-11 items-center justify-center ' +
              'rounded-lg text-slate-700 hover:bg-slate-100'
            }
            aria-label={t('caseDetail.finish.close')}
          >
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
          {done ? (
            <>
              <Dialog.Title className="pr-10 text-xl font-semibold text-slate-900">
                {t('caseDetail.finish.doneTitle')}
              </Dialog.Title>
              <p className="text-slate-800">{t('caseDetail.finish.doneNote')}</p>
              <Dialog.Close asChild>
                <Button className="self-end">{t('caseDetail.finish.close')}</Button>
              </Dialog.Close>
            </>
          ) : (
            <>
              <Dialog.Title className="pr-10 text-xl font-semibold text-slate-900">
                {t('caseDetail.finish.confirmTitle')}
              </Dialog.Title>
              {coolingOffEndsOn && (
                <p
                  id="finish-cooling-off"
                  className={
                    'flex items-start gap-2 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 ' +
                    'font-medium text-slate-900'
                  }
                >
                  <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
                  {t('settlement.coolingOff.finishWarning', {
                    date: formatLongDate(coolingOffEndsOn, i18n.resolvedLanguage ?? 'nl-NL'),
                  })}
                </p>
              )}
              {questions.isPending ? (
                <p role="status">{t('caseDetail.loading')}</p>
              ) : questions.isError ? (
                <p role="alert" className="text-red-800">
                  {t('caseDetail.error')}
                </p>
              ) : (
                <FinishForm questions={questions.data} onConfirm={onConfirm} onCancel={() => onOpenChange(false)} />
              )}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FinishForm({
  questions,
  onConfirm,
  onCancel,
}: {
  questions: FinalizationQuestion[];
  onConfirm: Props['onConfirm'];
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  // Every refusal of the server shows as the form's own error: the answers have one shared text.
  const form = useSchemaForm(FinalizationAnswersRequestSchema, {
    defaultValues: { questions: questions.map((q) => ({ id: q.id, answer: q.answer ?? '' })) },
    serverFields: [],
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => form.setFocus('questions.0.answer'), [form]);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onConfirm(values);
    } catch (error) {
      form.serverErrors(error);
    }
  });
  const anyBlank = questions.some((_, i) => errors.questions?.[i]?.answer);
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {questions.map((q, i) => {
        const error = errors.questions?.[i]?.answer?.message;
        return (
          <div key={q.id} className="flex flex-col gap-1.5">
            <label htmlFor={`finalization-${q.id}`} className="font-medium text-slate-900">
              {q.question}
            </label>
            {q.answer_type === 'date' ? (
              // A date field: the browser's own picker, sent as YYYY-MM-DD.
              <input
                id={`finalization-${q.id}`}
                type="date"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'finalization-error' : undefined}
                className={
                  'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-slate-900 sm:w-auto ' +
                  (error ? 'border-red-700' : 'border-slate-400')
                }
                {...form.register(`questions.${i}.answer`)}
              />
            ) : (
              <textarea
                id={`finalization-${q.id}`}
                rows={3}
                placeholder={q.placeholder ?? undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'finalization-error' : undefined}
                className={
                  'w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 ' +
                  (error ? 'border-red-700' : 'border-slate-400')
                }
                {...form.register(`questions.${i}.answer`)}
              />
            )}
          </div>
        );
      })}
      {(anyBlank || errors.questions?.message) && (
        <p id="finalization-error" role="alert" className="text-sm font-medium text-red-700">
          {t('caseDetail.finish.required')}
        </p>
      )}
      <FormError message={form.formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('caseDetail.finish.cancel')}
        </Button>
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? t('caseDetail.finish.busy') : t('caseDetail.finish.confirm')}
        </Button>
      </div>
    </form>
  );
}
