import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../contract/questions';
import { getErrorText } from '../lib/error-text';
import { useUnsavedChanges } from '../lib/unsaved-changes';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FormError } from '../ui/field';
import { useVersionedSave, VersionedSaveNotices } from './versioned-save';

export interface AnswerToSave {
  id: string;
  answer: string | null;
  version: number | undefined;
}

interface QuestionsFormProps {
  questions: Question[];
  /** Saves the answers and gives the questions back as stored. */
  save: (answers: AnswerToSave[]) => Promise<Question[]>;
  /** Reads the questions again (after a refused stale write); undefined when that fails. */
  reload: () => Promise<Question[] | undefined>;
  saveLabel: string;
  savedText: string;
  /**
   * With a text: only changed answers are sent (as typed), and saving without a change shows this
   * text. Without: every answer is sent, trimmed.
   */
  nothingToSave?: string;
  rows: number;
  className?: string;
}

const answersOf = (list: Question[]) => Object.fromEntries(list.map((q) => [q.id, q.answer ?? '']));
const versionsOf = (list: Question[]): Record<string, number> => Object.fromEntries(list.map((q) => [q.id, q.version]));

/** The story questions with an answer field each; an empty answer is sent as null. */
export function QuestionsForm({
  questions,
  save,
  reload,
  saveLabel,
  savedText,
  nothingToSave,
  rows,
  className,
}: QuestionsFormProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const [values, setValues] = useState<Record<string, string>>(() => answersOf(questions));
  const [saved, setSaved] = useState(values);
  // The version of each answer the form shows is sent with the save (409 when one is older).
  const versioned = useVersionedSave({
    version: versionsOf(questions),
    versionOf: versionsOf,
    show: (list: Question[]) => {
      const next = answersOf(list);
      setValues(next);
      setSaved(next);
    },
    reload,
  });
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const isChanged = (q: Question) => (values[q.id] ?? '') !== (saved[q.id] ?? '');
  useUnsavedChanges(questions.some(isChanged));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const toSend = nothingToSave === undefined ? questions : questions.filter(isChanged);
    if (toSend.length === 0) {
      setError(nothingToSave);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = (q: Question) => {
        const typed = values[q.id];
        if (!typed?.trim()) return null;
        return nothingToSave === undefined ? typed.trim() : typed;
      };
      await versioned.save(
        (versions) => save(toSend.map((q) => ({ id: q.id, answer: answer(q), version: versions[q.id] }))),
        { savedText, onError: (e) => setError(getErrorText(e, t)) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className={cn('flex flex-col gap-5', className)}>
      {questions.map((q, i) => (
        <div key={q.id} className="flex flex-col gap-1.5">
          <label htmlFor={`${baseId}-${i}`} className="font-medium text-slate-900">
            {q.text}
          </label>
          <textarea
            id={`${baseId}-${i}`}
            rows={rows}
            maxLength={10_000}
            value={values[q.id] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [q.id]: e.target.value }))}
            className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900"
          />
        </div>
      ))}
      <FormError message={error} />
      <VersionedSaveNotices save={versioned} />
      <div>
        <Button type="submit" busy={busy}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
