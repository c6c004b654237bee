import { useCallback, useId, useState, type FormEvent } from 'react';
import { Paperclip, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CreateDocumentFieldsSchema } from '../../../../contract/documents';
import { validationMessage } from '../../../../contract/validation-messages';
import { isApiError } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { translateValidation } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { DropZone } from '../../../ui/drop-zone';
import { TextField } from '../../../ui/field';
import { createGeneralDocument, useRefreshDocuments } from '../api';
import { UploadStatus } from './upload-status';
import { useUpload } from './use-upload';

/**
 * 'Overige documenten': the client adds a document with a title and a file. The title goes
 * through the contract's schema and the shared validation texts (in the reader's language), but
 * without react-hook-form: the forms chunk stays out of the first load of /documenten
 * (decision 022, e2e/login-bundle.spec.ts). Once shown, the title's error follows each change.
 */
export function AddDocumentForm({ caseId, onSaved }: { caseId: string; onSaved: (message: string) => void }) {
  const { t } = useTranslation();
  const fileId = useId();
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [formKey, setFormKey] = useState(0);
  const refresh = useRefreshDocuments(caseId);

  const send = useCallback(
    async (chosen: File, signal: AbortSignal, onProgress: (fraction: number) => void) => {
      try {
        return await createGeneralDocument(caseId, title.trim(), chosen, signal, onProgress);
      } catch (error) {
        const message = isApiError(error) ? error.fieldErrors.title?.[0] : undefined;
        if (message) setTitleError(translateValidation(message, t));
        throw error;
      }
    },
    [caseId, title, t],
  );
  const done = useCallback(async () => {
    await refresh();
    setTitle('');
    setFile(null);
    setFormKey((k) => k + 1);
    onSaved(t('documents.general.added'));
  }, [refresh, onSaved, t]);
  const upload = useUpload(send, done);
  // A typed title or a chosen file not sent yet: the guard asks before leaving (decision record 020).
  useUnsavedChanges(!upload.busy && (title.trim() !== '' || file !== null));

  /** The title's error in the reader's language, or undefined when the title is valid. */
  const checkTitle = (value: string) => {
    const parsed = CreateDocumentFieldsSchema.safeParse({ title: value });
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    return issue ? validationMessage(issue, t) : undefined;
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (upload.busy) return;
    const error = checkTitle(title);
    setTitleError(error);
    setFileError(file ? undefined : t('documents.general.chooseFile'));
    if (error || !file) return;
    void upload.start(file);
  };

  return (
    <form
      key={formKey}
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h3 className="font-semibold text-slate-900">{t('documents.general.addTitle')}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('documents.general.titleLabel')}
          value={title}
          maxLength={300}
          required
          aria-required="true"
          error={titleError}
          onChange={(e) => {
            setTitle(e.target.value);
            if (titleError) setTitleError(checkTitle(e.target.value));
          }}
        />
        <div role="group" aria-labelledby={`${fileId}-label`} className="flex flex-col gap-1.5">
          <p id={`${fileId}-label`} className="font-medium text-slate-900">
            {t('documents.general.fileLabel')}
          </p>
          <DropZone
            variant="secondary"
            busy={upload.busy}
            percent={upload.percent}
            describedBy={
              [file ? `${fileId}-chosen` : '', fileError ? `${fileId}-error` : ''].filter(Boolean).join(' ') ||
              undefined
            }
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
