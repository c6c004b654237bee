import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettlementResponseRequestSchema, type SettlementVersion } from '../../../../contract/settlement';
import { getErrorText } from '../../../lib/error-text';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { FieldError } from '../../../ui/field';
import { SuccessMessage } from '../../../ui/success-message';
import { dayOf, useRespond } from '../api';

/**
 * The client's answer to a version: 'Akkoord' (only `mayAgree`: the employer's newest version,
 * contract/rules/settlement-signing.ts), or a question that lands in the message thread quoting
 * the version (the server writes the quote). The last answer given is said above the buttons.
 */
export function ClientResponse({
  caseId,
  version,
  mayAgree,
}: {
  caseId: string;
  version: SettlementVersion;
  mayAgree: boolean;
}) {
  const { t } = useTranslation();
  const respond = useRespond(caseId);
  const id = useId();
  const [asking, setAsking] = useState(false);
  const form = useSchemaForm(SettlementResponseRequestSchema, { defaultValues: { response: 'question', text: '' } });
  const questionError = form.fieldError('text');
  const [sent, setSent] = useState<'agree' | 'question' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const last = version.responses[version.responses.length - 1];

  const send = async (body: { response: 'agree' } | { response: 'question'; text: string }) => {
    setError(null);
    setSent(null);
    try {
      await respond.mutateAsync({ versionId: version.id, body });
      setSent(body.response);
      if (body.response === 'question') {
        setAsking(false);
        form.reset();
      }
    } catch (failure) {
      setError(getErrorText(failure, t));
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <h4 id={`${id}-heading`} className="font-semibold text-slate-900">
        {t(version.from === 'us' ? 'settlement.respond.headingOurs' : 'settlement.respond.heading')}
      </h4>
      {last && (
        <p className="text-slate-800">
          {t(last.response === 'agree' ? 'settlement.respond.agreed' : 'settlement.respond.asked', {
            date: dayOf(last.at),
          })}
        </p>
      )}
      <SuccessMessage
        message={
          sent === 'agree'
            ? t('settlement.respond.agreeSent')
            : sent === 'question'
              ? t('settlement.respond.questionSent')
              : null
        }
      />
      {sent === 'question' && (
        <Link to="/berichten" className="w-fit font-medium text-brand-700 underline underline-offset-4">
          {t('settlement.respond.toMessages')}
        </Link>
      )}
      {asking ? (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={form.handleSubmit(({ text }) => send({ response: 'question', text: text ?? '' }))}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-question`} className="font-medium text-slate-900">
              {t('settlement.respond.question')}
            </label>
            <p id={`${id}-hint`} className="text-sm text-slate-700">
              {t('settlement.respond.questionHint')}
            </p>
            <textarea
              id={`${id}-question`}
              rows={4}
              required
              aria-invalid={questionError ? true : undefined}
              aria-describedby={questionError ? `${id}-hint ${id}-error` : `${id}-hint`}
              className={cn(
                'w-full rounded-lg border bg-white px-3 py-2 text-slate-900',
                questionError ? 'border-red-700' : 'border-slate-400',
              )}
              {...form.register('text')}
            />
            <FieldError id={`${id}-error`} message={questionError} />
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" busy={respond.isPending}>
              {t('settlement.respond.send')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('settlement.respond.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          {mayAgree && last?.response !== 'agree' && (
            <Button
              busy={respond.isPending && respond.variables?.body.response === 'agree'}
              onClick={() => send({ response: 'agree' })}
            >
              {t('settlement.respond.agree')}
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={() => {
              setSent(null);
              setAsking(true);
              setTimeout(() => document.getElementById(`${id}-question`)?.focus(), 0);
            }}
          >
            {t('settlement.respond.ask')}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </section>
  );
}
