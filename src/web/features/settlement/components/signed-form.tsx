import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { RecordSignedFieldsSchema } from '../../../../contract/settlement';
import { emptyAsMissing } from '../../../lib/form-resolver';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button } from '../../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../../ui/field';
import { todayInAmsterdam, useRecordSigned } from '../api';
import { FileField } from '../../../ui/labelled-fields';

type Fields = {
  file: FileList | null;
  dated: string;
  agreed_on: string;
  cooling_off_clause: boolean;
  dissolved_within_six_months: boolean;
};

/** The contract's fields of the signed agreement, with the file the form sends beside them. */
function signedSchema(fileRequired: string) {
  return RecordSignedFieldsSchema.extend({
    file: z.custom<FileList>((value) => value instanceof FileList && value.length > 0, { message: fileRequired }),
  });
}

/**
 * Records the signed agreement: the signed file, its date (dagtekening), the date agreement was
 * reached, whether it states the bedenktijd, and whether a settlement between the same parties
 * was dissolved in the 6 months before (then there is none). The server counts the bedenktijd.
 */
export function SignedForm({
  caseId,
  clauseStated,
  onDone,
  onCancel,
  corrects,
}: {
  caseId: string;
  clauseStated: boolean;
  /** The version of the record this form corrects (absent for a first record): a changed one is refused (409). */
  corrects?: number;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordSigned(caseId);
  const id = useId();
  const today = todayInAmsterdam();
  // The form starts without a file (null), which the schema refuses with the form's own text.
  const schema = useMemo(() => signedSchema(t('settlement.signed.fileRequired')), [t]);
  const form = useSchemaForm<typeof schema, Fields>(schema, {
    defaultValues: {
      file: null,
      dated: today,
      agreed_on: today,
      cooling_off_clause: clauseStated,
      dissolved_within_six_months: false,
    },
  });
  useEffect(() => {
    if (onCancel) form.setFocus('file');
  }, [form, onCancel]);

  const onSubmit = form.handleSubmit(async (values) => {
    const file = values.file[0];
    if (!file) return;
    const body = new FormData();
    body.set('file', file);
    body.set('dated', values.dated);
    body.set('agreed_on', values.agreed_on);
    body.set('cooling_off_clause', String(values.cooling_off_clause));
    body.set('dissolved_within_six_months', String(values.dissolved_within_six_months ?? false));
    if (corrects !== undefined) body.set('version', String(corrects));
    try {
      await record.mutateAsync(body);
      onDone();
    } catch (error) {
      form.serverErrors(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={`${id}-intro`} className="flex flex-col gap-4">
      <p id={`${id}-intro`} className="text-slate-800">
        {t('settlement.signed.intro')}
      </p>
      <RequiredFieldsLegend />
      <FileField
        label={t('settlement.signed.file')}
        accept=".pdf,.docx,.jpg,.jpeg,.png"
        required
        error={form.fieldError('file')}
        {...form.register('file')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settlement.signed.dated')}
          type="date"
          required
          error={form.fieldError('dated')}
          {...form.register('dated', emptyAsMissing)}
        />
        <TextField
          label={t('settlement.signed.agreedOn')}
          type="date"
          required
          error={form.fieldError('agreed_on')}
          {...form.register('agreed_on', emptyAsMissing)}
        />
      </div>
      <label className="flex min-h-11 items-start gap-3 text-slate-900">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          {...form.register('cooling_off_clause')}
        />
        {t('settlement.signed.clause')}
      </label>
      <label className="flex min-h-11 items-start gap-3 text-slate-900">
        <input
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          {...form.register('dissolved_within_six_months')}
        />
        {t('settlement.signed.dissolved')}
      </label>
      <FormError
        message={
          form.formError ?? form.fieldError('cooling_off_clause') ?? form.fieldError('dissolved_within_six_months')
        }
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            {t('settlement.signed.cancel')}
          </Button>
        )}
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('settlement.signed.submit')}
        </Button>
      </div>
    </form>
  );
}
