import { Paperclip, Send, X } from 'lucide-react';
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type KeyboardEvent,
} from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MESSAGE_TOO_LONG, MessageTextSchema, SendMessageRequestSchema } from '../../../../contract/messages';
import { isApiError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/schema-form';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { UploadProgressBar, useFileDrop } from '../../../ui/drop-zone';
import { useUpload } from '../../../ui/use-upload';
import { useSendMessage } from '../api';
import { FilePickerButton } from '../../../ui/file-picker-button';
import { AcceptedUploadTypes, refuseUpload, useMaxUploadMb } from '../../../ui/upload-limits';

type ComposerForm = { text: string };
/** With an attachment the text may stay empty (the server allows that); a text it has is checked as always. */
const WithAttachmentSchema = z
  .object({
    text: z
      .string()
      .transform((value) => (value.trim() === '' ? undefined : value))
      .pipe(MessageTextSchema.optional()),
  })
  .strict();

/**
 * The message field: grows with its text, Enter sends, Shift+Enter starts a new line. The
 * paperclip attaches one file (the upload component's slow notice and retry apply).
 */
export function Composer({
  caseId,
  initialText = '',
  attachments = true,
}: {
  caseId: string;
  initialText?: string;
  /** False on a closed case: an attachment becomes a document, which it no longer takes (rules/case-lock.ts). */
  attachments?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  // The contract's message schema; with a file attached the text may stay empty.
  const schema = file ? WithAttachmentSchema : SendMessageRequestSchema;
  const form = useSchemaForm<typeof schema, ComposerForm>(schema, { defaultValues: { text: initialText } });
  const text = useWatch({ control: form.control, name: 'text' });
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const failed = useRef(false);
  const sendAndShow = useSendMessage(caseId);

  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, 240)}px`;
  }, [text]);

  const describe = useCallback(
    (e: unknown) => {
      failed.current = true;
      if (isApiError(e) && e.status === 413) setError(t('messages.errors.tooLarge'));
      else if (isApiError(e) && e.kind === 'validation')
        setError(
          e.fieldErrors.text?.[0] === t(MESSAGE_TOO_LONG) ? t('messages.errors.tooLong') : t('messages.errors.invalid'),
        );
      else setError(t('messages.errors.failed'));
    },
    [t],
  );
  const upload = useUpload(
    (chosen, signal, onProgress) => sendAndShow(form.getValues('text'), chosen, signal, onProgress),
    async () => undefined,
    describe,
  );
  const busy = sending || upload.busy;
  // A draft or an attachment not sent yet: the guard asks before leaving (decision record 020).
  useUnsavedChanges(!busy && (text.trim() !== initialText.trim() || file !== null));
  const maxMb = useMaxUploadMb();
  /**
   * A chosen or dropped file becomes the attachment, unless it is over the size limit: then the reason shows and
   * nothing is attached.
   */
  const attach = (chosen: File | null) => {
    const refusal = chosen ? refuseUpload(chosen, maxMb, t) : null;
    setFile(refusal ? null : chosen);
    setError(refusal);
    form.clearErrors('text');
  };
  // A file dragged onto the composer becomes the attachment (every document upload takes a drop).
  const drop = useFileDrop(attach, busy);

  const send = async (values: { text?: string | undefined }) => {
    if (sending || upload.busy) return;
    setError(null);
    failed.current = false;
    if (file) {
      await upload.start(file);
    } else {
      setSending(true);
      try {
        await sendAndShow(values.text ?? '', null);
      } catch (e) {
        describe(e);
      } finally {
        setSending(false);
      }
    }
    if (!failed.current) {
      form.reset({ text: '' });
      setFile(null);
      field.current?.focus();
    }
  };
  const submit = (event?: BaseSyntheticEvent) => form.handleSubmit(send)(event);
  const textError = form.fieldError('text');
  const shownError = textError ?? error;
  const { ref: registerText, ...textField } = form.register('text', { onChange: () => setError(null) });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      {...drop.handlers}
      data-testid="composer"
      className={cn(
        'flex flex-col gap-2 border-t border-slate-200 p-3 sm:p-4',
        drop.over && 'bg-brand-50 outline-2 outline-brand-700 outline-dashed',
      )}
      aria-label={t('messages.composer.label')}
    >
      {drop.over && <p className="text-sm font-medium text-brand-900">{t('messages.composer.dropHint')}</p>}
      {file && (
        <p className="flex items-center gap-2 self-start rounded-lg bg-slate-100 px-3 py-1 text-sm text-slate-900">
          <Paperclip className="size-4 shrink-0" aria-hidden="true" />
          <span className="break-all">{t('messages.composer.attached', { name: file.name })}</span>
          <button
            type="button"
            className="inline-flex size-8 items-center justify-center rounded-full hover:bg-slate-200"
            aria-label={t('messages.composer.removeAttachment', { name: file.name })}
            onClick={() => setFile(null)}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </p>
      )}
      <div className="flex items-end gap-2">
        {attachments && (
          <FilePickerButton
            onFile={attach}
            testId="message-file"
            variant="ghost"
            className="shrink-0 px-2.5"
            label={t('messages.composer.attach')}
            describedBy={maxMb !== null ? `${id}-types` : undefined}
          >
            <Paperclip className="size-5" aria-hidden="true" />
          </FilePickerButton>
        )}
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('messages.composer.field')}
        </label>
        <textarea
          id={`${id}-text`}
          ref={(element) => {
            registerText(element);
            field.current = element;
          }}
          rows={1}
          {...textField}
          onKeyDown={onKeyDown}
          placeholder={t('messages.composer.placeholder')}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          aria-invalid={shownError ? true : undefined}
          className={
            'min-h-11 flex-1 resize-none rounded-lg border border-slate-400 px-3 py-2 ' +
            'text-base text-slate-900 placeholder:text-slate-600'
          }
        />
        <Button type="submit" busy={busy} className="shrink-0 px-3 sm:px-5" aria-label={t('messages.composer.send')}>
          <Send className="size-5" aria-hidden="true" />
          <span className="hidden sm:inline">{t('messages.composer.send')}</span>
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-700">
        {t('messages.composer.hint')}
      </p>
      <AcceptedUploadTypes id={`${id}-types`} />
      {upload.busy && upload.percent !== null && <UploadProgressBar percent={upload.percent} />}
      {upload.phase === 'slow' && (
        <p role="status" className="text-sm text-slate-800">
          {t('messages.composer.slow')}
        </p>
      )}
      {upload.phase === 'retry' && (
        <p role="status" className="text-sm text-slate-800">
          {t('messages.composer.slow')}{' '}
          <button type="button" className="font-medium text-brand-700 underline" onClick={upload.retry}>
            {t('messages.composer.retry')}
          </button>
        </p>
      )}
      {shownError && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {shownError}
        </p>
      )}
    </form>
  );
}
