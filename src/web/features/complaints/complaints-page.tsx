import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { COMPLAINT_FILES_MAX, COMPLAINT_TEXT_MAX, CreateComplaintRequestSchema } from '../../../contract/complaints';
import { validationKey } from '../../../contract/validation-messages';
import { getErrorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/schema-form';
import { useFormatDate } from '../../lib/use-format-date';
import { useSite } from '../../lib/site';
import { Button } from '../../ui/button';
import { DropZone } from '../../ui/drop-zone';
import { FormError } from '../../ui/field';
import { PageHeading } from '../../ui/page-heading';
import { useFileComplaint, useMyComplaints } from './api';
import { ComplaintFiles } from './complaint-files';

/**
 * /klacht: 'Een klacht indienen' at any phase, also after completion. The complaint goes to the
 * firm's complaints officer, not to the client's lawyer; the client sees status, the outcome and
 * the independent body they can turn to next.
 */
export function ComplaintsPage() {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const site = useSite();
  const textId = useId();
  const mine = useMyComplaints();
  const file = useFileComplaint();
  // The text is checked with the contract's schema; the documents are not part of it.
  const form = useSchemaForm(CreateComplaintRequestSchema, { defaultValues: { text: '' } });
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const [receipt, setReceipt] = useState<string | null>(null);

  // An empty complaint asks the client to describe it; any other rule keeps the contract's text.
  const textError = form.fieldError('text');
  const fieldError = textError === t(validationKey('required')) ? t('complaints.textRequired') : textError;

  const clearNotices = () => {
    setError(undefined);
    setReceipt(null);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    clearNotices();
    try {
      const created = await file.mutateAsync({ text: values.text, files });
      form.reset({ text: '' });
      setFiles([]);
      setReceipt(t('complaints.received', { date: formatDate(created.answer_by) }));
    } catch (failure) {
      setError(getErrorText(failure, t));
    }
  }, clearNotices);

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <PageHeading>{t('complaints.title')}</PageHeading>
      <p className="text-slate-800">{t('complaints.intro')}</p>
      {site && (
        <a
          href={site.complaints_regulation_url}
          target="_blank"
          rel="noopener noreferrer"
          className="w-fit font-medium text-brand-700 underline underline-offset-4"
        >
          {t('complaints.regulation')}
          <span className="sr-only"> {t('footer.pdfNewTab')}</span>
        </a>
      )}
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <label htmlFor={textId} className="font-medium text-slate-900">
          {t('complaints.textLabel')}
        </label>
        <textarea
          id={textId}
          maxLength={COMPLAINT_TEXT_MAX}
          rows={6}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${textId}-error` : undefined}
          className="rounded-lg border border-slate-400 p-3 text-slate-900"
          {...form.register('text')}
        />
        {fieldError && (
          <p id={`${textId}-error`} className="text-sm text-red-800">
            {fieldError}
          </p>
        )}
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium text-slate-900">{t('complaints.files.label')}</legend>
          <p id={`${textId}-files-hint`} className="text-sm text-slate-700">
            {t('complaints.files.hint', { max: COMPLAINT_FILES_MAX })}
          </p>
          {files.length > 0 && (
            <ul className="flex flex-col gap-1">
              {files.map((chosen, index) => (
                <li key={`${chosen.name}-${index}`} className="flex items-center gap-2 text-slate-900">
                  <span className="[overflow-wrap:anywhere]">{chosen.name}</span>
                  <button
                    type="button"
                    onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
                    className="rounded p-1 text-slate-700 hover:bg-slate-100"
                    aria-label={t('complaints.files.remove', { name: chosen.name })}
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          {files.length < COMPLAINT_FILES_MAX ? (
            <DropZone
              variant="secondary"
              busy={file.isPending}
              describedBy={`${textId}-files-hint`}
              onFile={(chosen) => setFiles((list) => [...list, chosen].slice(0, COMPLAINT_FILES_MAX))}
            >
              {t('complaints.files.add')}
            </DropZone>
          ) : (
            <p className="text-sm text-slate-700">{t('complaints.files.full', { max: COMPLAINT_FILES_MAX })}</p>
          )}
        </fieldset>
        <FormError message={error} />
        <Button type="submit" className="w-fit" busy={file.isPending}>
          {t('complaints.submit')}
        </Button>
        <p role="status" className="font-medium text-green-900 empty:hidden">
          {receipt ?? ''}
        </p>
      </form>
      <section aria-labelledby="my-complaints" className="flex flex-col gap-3">
        <h2 id="my-complaints" className="text-lg font-semibold text-slate-900">
          {t('complaints.mine')}
        </h2>
        {mine.isError && <FormError message={getErrorText(mine.error, t)} />}
        {mine.data && mine.data.data.length === 0 && <p className="text-slate-800">{t('complaints.none')}</p>}
        <ul className="flex flex-col gap-3">
          {mine.data?.data.map((complaint) => (
            <li key={complaint.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5">
              <p className="text-sm text-slate-700">
                {t('complaints.filedOn', { date: formatDate(complaint.created_at) })} ·{' '}
                {t(`complaints.status.${complaint.status}`)}
              </p>
              <p className="whitespace-pre-wrap text-slate-900">{complaint.text}</p>
              <ComplaintFiles files={complaint.files} />
              {complaint.status !== 'closed' && (
                <p className="text-slate-800">{t('complaints.answerBy', { date: formatDate(complaint.answer_by) })}</p>
              )}
              {complaint.outcome && (
                <>
                  <h3 className="font-semibold text-slate-900">{t('complaints.outcome')}</h3>
                  <p className="whitespace-pre-wrap text-slate-900">{complaint.outcome}</p>
                  <p className="text-slate-800">
                    {t('complaints.nextBody', { body: mine.data.body.name, months: mine.data.body.months })}{' '}
                    <a
                      href={mine.data.body.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-brand-700 underline underline-offset-4"
                    >
                      {mine.data.body.name}
                      <span className="sr-only"> {t('dashboard.newTab')}</span>
                    </a>
                  </p>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
