import { useEffect, useId } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../../ui/field';
import { todayInAmsterdam, useRecordSigned } from '../api';
import { FileField } from './fields';

type Fields = {
  file: FileList | null;
  dated: string;
  agreed_on: string;
  cooling_off_clause: boolean;
  dissolved_within_six_months: boolean;
};
const SERVER_FIELDS: readonly Path<Fields>[] = [
  'file',
  'dated',
  'agreed_on',
  'cooling_off_clause',
  'dissolved_within_six_months',
];

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
}: {
  caseId: string;
  clauseStated: boolean;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordSigned(caseId);
  const id = useId();
  const today = todayInAmsterdam();
  const form = useForm<Fields>({
    defaultValues: {
      file: null,
      dated: today,
      agreed_on: today,
      cooling_off_clause: clauseStated,
      dissolved_within_six_months: false,
    },
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (onCancel) form.setFocus('file');
  }, [form, onCancel]);

  const onSubmit = form.handleSubmit(async (values) => {
    let valid = true;
    const fail = (name: Path<Fields>, message: string) => {
      form.setError(name, { type: 'client', message }, { shouldFocus: valid });
      valid = false;
    };
    const file = values.file?.[0];
    if (!file) fail('file', t('settlement.signed.fileRequired'));
    if (!values.dated) fail('dated', t('validation.required'));
    if (!values.agreed_on) fail('agreed_on', t('validation.required'));
    if (!valid || !file) return;
    const body = new FormData();
    body.set('file', file);
    body.set('dated', values.dated);
    body.set('agreed_on', values.agreed_on);
    body.set('cooling_off_clause', String(values.cooling_off_clause));
    body.set('dissolved_within_six_months', String(values.dissolved_within_six_months));
    try {
      await record.mutateAsync(body);
      onDone();
    } catch (error) {
      applyServerErrors(error, form.setError, SERVER_FIELDS, t);
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
        error={errors.file?.message}
        {...form.register('file')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settlement.signed.dated')}
          type="date"
          required
          error={errors.dated?.message}
          {...form.register('dated')}
        />
        <TextField
          label={t('settlement.signed.agreedOn')}
          type="date"
          required
          error={errors.agreed_on?.message}
          {...form.register('agreed_on')}
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
          errors.root?.server?.message ??
          errors.cooling_off_clause?.message ??
          errors.dissolved_within_six_months?.message
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
