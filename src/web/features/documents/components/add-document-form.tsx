import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Paperclip, Upload } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CreateDocumentFieldsSchema } from '../../../../contract/documents';
import { isApiError } from '../../../lib/api-client';
import { formResolver } from '../../../lib/form-resolver';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { translateValidation } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { DropZone } from '../../../ui/drop-zone';
import { TextField } from '../../../ui/field';
import { createGeneralDocument, useRefreshDocuments } from '../api';
import { UploadStatus } from './upload-status';
import { useUpload } from './use-upload';

type AddDocumentFields = z.input<typeof CreateDocumentFieldsSchema>;

/** 'Overige documenten': the client adds a document with a title and a file. */
export function AddDocumentForm({ caseId, onSaved }: { caseId: string; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const fileId = useId();
  // The title through the contract's schema and the shared resolver: its texts in the reader's
  // language, and an error that goes away as soon as the title is valid (re-validated on change).
  const form = useForm<AddDocumentFields, unknown, z.output<typeof CreateDocumentFieldsSchema>>({ resolver: formResolver(CreateDocumentFieldsSchema), defaultValues: { title: '' } });
  const title = useWatch({ control: form.control, name: 'title' });
  const titleError = translateValidation(form.formState.errors.title?.message, t);
  /** The title as validated on submit; a retry sends the same one. */
  const submittedTitle = useRef('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [formKey, setFormKey] = useState(0);
  const refresh = useRefreshDocuments(caseId);
  const { setError, reset } = form;

  const send = useCallback(
    async (chosen: File, signal: AbortSignal, onProgress: (fraction: number) => void) => {
      try {
        return await createGeneralDocument(caseId, submittedTitle.current, chosen, signal, onProgress);
      } catch (error) {
        const message = isApiError(error) ? error.fieldErrors.title?.[0] : undefined;
        if (message) setError('title', { type: 'server', message }, { shouldFocus: true });
        throw error;
      }
    },
    [caseId, setError],
  );
  const done = useCallback(async () => {
    await refresh();
    reset({ title: '' });
    setFile(null);
    setFormKey((k) => k + 1);
    onSaved(t('documents.general.added'));
  }, [refresh, reset, onSaved, t]);
  const upload = useUpload(send, done);
  // A typed title or a chosen file not sent yet: the guard asks before leaving (decision record 020).
  useUnsavedChanges(!upload.busy && (title.trim() !== '' || file !== null));

  const checkFile = () => {
    setFileError(file ? undefined : t('documents.general.chooseFile'));
    return file;
  };
  const onSubmit = (event: FormEvent) => {
    void form.handleSubmit(
      (values) => {
        const chosen = checkFile();
        if (upload.busy || !chosen) return;
        submittedTitle.current = values.title;
        void upload.start(chosen);
      },
      () => {
        checkFile();
      },
    )(event);
  };

  return (
    <form key={formKey} noValidate onSubmit={onSubmit} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-slate-900">{t('documents.general.addTitle')}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('documents.general.titleLabel')} maxLength={300} required aria-required="true" error={titleError} {...form.register('title')} />
        <div role="group" aria-labelledby={`${fileId}-label`} className="flex flex-col gap-1.5">
          <p id={`${fileId}-label`} className="font-medium text-slate-900">
            {t('documents.general.fileLabel')}
          </p>
          <DropZone
            variant="secondary"
            busy={upload.busy}
            percent={upload.percent}
            describedBy={[file ? `${fileId}-chosen` : '', fileError ? `${fileId}-error` : ''].filter(Boolean).join(' ') || undefined}
            onFile={(chosen) => {
              setFile(chosen);
              setFileError(undefined);
            }}
          >
            <Paperclip className="size-4" aria-hidden="true" />
            {t('documents.general.pick')}
          </DropZone>
          {file && (
            <p id={`${fileId}-chosen`} className="text-sm break-all text-slate-900">
              {t('documents.general.chosen', { name: file.name })}
            </p>
          )}
          {fileError && (
            <p id={`${fileId}-error`} className="text-sm font-medium text-red-700">
              {fileError}
            </p>
          )}
        </div>
      </div>
      <UploadStatus phase={upload.phase} error={upload.error} onRetry={upload.retry} />
      <div>
        <Button type="submit" busy={upload.busy}>
          <Upload className="size-4" aria-hidden="true" />
          {t('documents.general.add')}
        </Button>
      </div>
    </form>
  );
}
