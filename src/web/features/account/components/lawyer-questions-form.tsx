import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../../../contract/questions';
import { QuestionsForm } from '../../../widgets/questions-form';
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

/** Every answer is sent, trimmed; an empty one as null. */
function LawyerQuestionsForm({ questions }: { questions: Question[] }) {
  const { t } = useTranslation();
  const save = useSaveLawyerAnswers();
  const queryClient = useQueryClient();
  return (
    <QuestionsForm
      questions={questions}
      save={(answers) => save.mutateAsync({ questions: answers })}
      reload={() => queryClient.fetchQuery({ ...lawyerQuestionsQueryOptions(), staleTime: 0 }).catch(() => undefined)}
      saveLabel={t('account.save')}
      savedText={t('account.story.saved')}
      rows={3}
    />
  );
}
