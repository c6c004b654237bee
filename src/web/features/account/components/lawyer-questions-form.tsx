import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../../../contract/questions';
import { getErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { FormError } from '../../../ui/field';
import { StaleWriteNotice, useStaleWrite } from '../../../widgets/stale-write-notice';
import { SuccessMessage, useSuccessMessage } from '../../../ui/success-message';
import { lawyerQuestionsQueryOptions, useLawyerQuestions, useSaveLawyerAnswers } from '../api';

/** 'Mijn verhaal': the lawyer's story questions; 'Geen vragen gevonden.' when there are none. */
export function LawyerQuestions() {
  const { t } = useTranslation();
  const questions = useLawyerQuestions();
  if (questions.isPending) return <p role="status">{t('account.loading')}</p>;
  if (questions.isError) return <p role="alert">{t('account.error')}</p>;
  if (questions.data.length === 0) return <p className="text-slate-700">{t('account.story.none')}</p>;
  return <LawyerQuestionsForm questions={questions.data} />;
}

/** Every answer is sent; an empty one as null. */
function LawyerQuestionsForm({ questions }: { questions: Question[] }) {
  const { t } = useTranslation();
  const save = useSaveLawyerAnswers();
  const queryClient = useQueryClient();
  const success = useSuccessMessage();
  const stale = useStaleWrite();
  const baseId = useId();
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(questions.map((q) => [q.id, q.answer ?? ''])));
  const [saved, setSaved] = useState(values);
  // The version of each answer the form shows, sent with the save (409 when one is older).
  const [versions, setVersions] = useState<Record<string, number>>(() => Object.fromEntries(questions.map((q) => [q.id, q.version])));
  const loaded = (list: Question[]) => {
    const next = Object.fromEntries(list.map((q) => [q.id, q.answer ?? '']));
    setValues(next);
    setSaved(next);
    setVersions(Object.fromEntries(list.map((q) => [q.id, q.version])));
  };
  const [error, setError] = useState<string | undefined>();
  useUnsavedChanges(questions.some((q) => (values[q.id] ?? '') !== (saved[q.id] ?? '')));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setError(undefined);
    try {
      const result = await save.mutateAsync({ questions: questions.map((q) => ({ id: q.id, answer: values[q.id]?.trim() ? (values[q.id]?.trim() ?? null) : null, version: versions[q.id] })) });
      loaded(result);
      stale.clear();
      success.show(t('account.story.saved'));
    } catch (e) {
      if (!stale.take(e)) setError(getErrorText(e, t));
    }
  };

  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ ...lawyerQuestionsQueryOptions(), staleTime: 0 }).catch(() => undefined);
    if (!fresh) return;
    loaded(fresh);
    stale.clear();
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5">
      {questions.map((q, i) => (
        <div key={q.id} className="flex flex-col gap-1.5">
          <label htmlFor={`${baseId}-${i}`} className="font-medium text-slate-900">
            {q.text}
          </label>
          <textarea
            id={`${baseId}-${i}`}
            rows={3}
            maxLength={10_000}
            value={values[q.id] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [q.id]: e.target.value }))}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
          />
        </div>
      ))}
      <FormError message={error} />
      <StaleWriteNotice message={stale.message} onReload={reload} />
      <SuccessMessage message={success.message} token={success.token} />
      <div>
        <Button type="submit" busy={save.isPending}>
          {t('account.save')}
        </Button>
      </div>
    </form>
  );
}
