import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateFeedbackRequestSchema } from '../../../../contract/feedback';
import { isApiError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button, buttonClasses } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FieldError, FormError } from '../../../ui/field';
import { useSubmitFeedback } from '../api';

type FeedbackDialogProps = {
  caseId: string;
  lawyerId: string;
  lawyerName: string;
  reviewUrl: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: () => void;
};

/** The feedback form, then a thank-you view inviting an external review or skipping. */
export function FeedbackDialog({
  caseId,
  lawyerId,
  lawyerName,
  reviewUrl,
  open,
  onOpenChange,
  onSent,
}: FeedbackDialogProps) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const submit = useSubmitFeedback(caseId, lawyerId);
  const fieldId = useId();
  const form = useSchemaForm(CreateFeedbackRequestSchema, { defaultValues: { text: '' } });
  const error = form.fieldError('text');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit.mutateAsync(values);
      onSent();
      setSent(true);
    } catch (failure) {
      const message = isApiError(failure) && failure.kind === 'validation' ? failure.fieldErrors.text?.[0] : undefined;
      if (message) form.setError('text', { message });
      else form.setError('root.server', { message: t('dashboard.feedback.failed') });
    }
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setSent(false);
      form.reset();
    }
  };

  if (sent) {
    return (
      <Dialog
        open={open}
        onOpenChange={close}
        title={t('dashboard.feedback.success.title')}
        description={t('dashboard.feedback.success.text')}
        actions={
          <>
            <Button variant="secondary" onClick={() => close(false)}>
              {t('dashboard.feedback.success.skip')}
            </Button>
            {reviewUrl && (
              <a
                href={reviewUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses.primary}
                onClick={() => close(false)}
              >
                {t('dashboard.feedback.success.review')}
                <span className="sr-only">{t('dashboard.newTab')}</span>
              </a>
            )}
          </>
        }
      />
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('dashboard.feedback.title')}
      description={t('dashboard.feedback.intro', { name: lawyerName })}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormError message={form.formError} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fieldId} className="font-medium text-slate-900">
            {t('dashboard.feedback.label')}
          </label>
          <textarea
            id={fieldId}
            rows={6}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            placeholder={t('dashboard.feedback.placeholder')}
            className={
              'w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-600 ' +
              (error ? 'border-red-700' : 'border-slate-400')
            }
            {...form.register('text')}
          />
          <FieldError id={`${fieldId}-error`} message={error} />
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('dashboard.feedback.cancel')}
          </Button>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {t('dashboard.feedback.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
