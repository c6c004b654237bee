import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../../contract/questions';
import { getErrorText } from '../../lib/error-text';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/field';
import { StaleWriteNotice, useStaleWrite } from '../../widgets/stale-write-notice';
import { SuccessMessage, useSuccessMessage } from '../../ui/success-message';
import { clientQuestionsQueryOptions, useClientQuestions, useSaveClientAnswers } from './api';
import { TabStatus } from './components/form-section';

/** Tab 'Mijn verhaal' (/mijn-verhaal/verhaal-gegevens): the client's story questions. */
export function StoryPage() {
  const { t } = useTranslation();
  const questions = useClientQuestions();
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6" aria-labelledby="tab-heading">
      <h2 id="tab-heading" className="text-xl font-semibold text-slate-900">
        {t('pages.myStory.story.heading')}
      </h2>
      <TabStatus loading={questions.isPending} error={questions.isError} loadingText={t('app.loading')} errorText={t('errors.generic')} />
      {questions.data && (questions.data.length === 0 ? <p>{t('myStory.story.none')}</p> : <StoryForm questions={questions.data} />)}
    </section>
  );
}

/** Only changed answers are sent (an empty one as null); saving without changes is an error. */
function StoryForm({ questions }: { questions: Question[] }) {
  const { t } = useTranslation();
  const save = useSaveClientAnswers();
  const queryClient = useQueryClient();
  const success = useSuccessMessage();
  const stale = useStaleWrite();
  const baseId = useId();
  const initial = Object.fromEntries(questions.map((q) => [q.id, q.answer ?? '']));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [saved, setSaved] = useState<Record<string, string>>(initial);
  // The version of each answer the form shows, sent with the save (409 when one is older).
  const [versions, setVersions] = useState<Record<string, number>>(() => Object.fromEntries(questions.map((q) => [q.id, q.version])));
  const loaded = (list: Question[]) => {
    const next = Object.fromEntries(list.map((q) => [q.id, q.answer ?? '']));
    setValues(next);
    setSaved(next);
    setVersions(Object.fromEntries(list.map((q) => [q.id, q.version])));
  };
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useUnsavedChanges(questions.some((q) => (values[q.id] ?? '') !== (saved[q.id] ?? '')));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const changed = questions.filter((q) => (values[q.id] ?? '') !== (saved[q.id] ?? ''));
    if (changed.length === 0) {
      setError(t('myStory.story.nothingToSave'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const result = await save.mutateAsync({
        questions: changed.map((q) => ({ id: q.id, answer: values[q.id]?.trim() ? (values[q.id] ?? null) : null, version: versions[q.id] })),
      });
      loaded(result);
      stale.clear();
      success.show(t('myStory.story.saved'));
    } catch (e) {
      if (!stale.take(e)) setError(getErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {questions.map((q, i) => (
        <div key={q.id} className="flex flex-col gap-1.5">
          <label htmlFor={`${baseId}-${i}`} className="font-medium text-slate-900">
            {q.text}
          </label>
          <textarea
            id={`${baseId}-${i}`}
            rows={4}
            maxLength={10_000}
            value={values[q.id] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [q.id]: e.target.value }))}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
          />
        </div>
      ))}
      <FormError message={error} />
      <StaleWriteNotice
        message={stale.message}
        onReload={async () => {
          const fresh = await queryClient.fetchQuery({ ...clientQuestionsQueryOptions(), staleTime: 0 }).catch(() => undefined);
          if (!fresh) return;
          loaded(fresh);
          stale.clear();
        }}
      />
      <SuccessMessage message={success.message} token={success.token} />
      <div>
        <Button type="submit" busy={busy}>
          {t('myStory.save')}
        </Button>
      </div>
    </form>
  );
}
