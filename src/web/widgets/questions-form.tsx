import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Question } from '../../contract/questions';
import { getErrorText } from '../lib/error-text';
import { useUnsavedChanges } from '../lib/unsaved-changes';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FormError } from '../ui/field';
import { SuccessMessage, useSuccessMessage } from '../ui/success-message';
import { StaleWriteNotice, useStaleWrite } from './stale-write-notice';

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
  const success = useSuccessMessage();
  const stale = useStaleWrite();
  const baseId = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, q.answer ?? ''])),
  );
  const [saved, setSaved] = useState(values);
  // The version of each answer the form shows, sent with the save (409 when one is older).
  const [versions, setVersions] = useState<Record<string, number>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, q.version])),
  );
  const loaded = (list: Question[]) => {
    const next = Object.fromEntries(list.map((q) => [q.id, q.answer ?? '']));
    setValues(next);
    setSaved(next);
    setVersions(Object.fromEntries(list.map((q) => [q.id, q.version])));
  };
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
      const result = await save(toSend.map((q) => ({ id: q.id, answer: answer(q), version: versions[q.id] })));
      loaded(result);
      stale.clear();
      success.show(savedText);
    } catch (e) {
      if (!stale.take(e)) setError(getErrorText(e, t));
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
      <StaleWriteNotice
        message={stale.message}
        onReload={async () => {
          const fresh = await reload();
          if (!fresh) return;
          loaded(fresh);
          stale.clear();
        }}
      />
      <SuccessMessage message={success.message} token={success.token} />
      <div>
        <Button type="submit" busy={busy}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
