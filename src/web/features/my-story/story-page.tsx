import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../../contract/questions';
import { QuestionsForm } from '../../widgets/questions-form';
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
      <TabStatus
        loading={questions.isPending}
        error={questions.isError}
        loadingText={t('app.loading')}
        errorText={t('errors.generic')}
      />
      {questions.data &&
        (questions.data.length === 0 ? <p>{t('myStory.story.none')}</p> : <StoryForm questions={questions.data} />)}
    </section>
  );
}

/** Only changed answers are sent (an empty one as null); saving without changes is an error. */
function StoryForm({ questions }: { questions: Question[] }) {
  const { t } = useTranslation();
  const save = useSaveClientAnswers();
  const queryClient = useQueryClient();
  return (
    <QuestionsForm
      questions={questions}
      save={(answers) => save.mutateAsync({ questions: answers })}
      reload={() => queryClient.fetchQuery({ ...clientQuestionsQueryOptions(), staleTime: 0 }).catch(() => undefined)}
      saveLabel={t('myStory.save')}
      savedText={t('myStory.story.saved')}
      nothingToSave={t('myStory.story.nothingToSave')}
      rows={4}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    />
  );
}
