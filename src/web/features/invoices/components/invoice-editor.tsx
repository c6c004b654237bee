import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CreateInvoiceRequestSchema,
  DEFAULT_VAT_RATE,
  EmployerKvkSchema,
  EmployerVatIdSchema,
  INVOICE_RECIPIENTS,
  InvoiceLineInputSchema,
  MAX_INVOICE_LINES,
  MAX_QUANTITY,
  MAX_UNIT_PRICE_CENTS,
  VAT_RATES,
  type CreateInvoiceRequest,
  type InvoiceLineInput,
  type InvoiceRecipient,
} from '../../../../contract/invoices';
import { formatEuroInput } from '../../../../contract/rules/settlement-format';
import { euroField } from '../euro-field';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button } from '../../../ui/button';
import { FormError, RequiredFieldsLegend, RequiredMark, TextField } from '../../../ui/field';
import { SelectField } from '../../../ui/labelled-fields';

/** A line as its inputs hold it: the quantity and the price in euros as typed, the VAT rate as the select's value. */
export type LineFields = { description: string; quantity: string; unit_price_cents: string; vat_rate: string };
/**
 * `employer_vat_id`, `employer_kvk`: the employer's VAT id and KvK number as typed ('' when not given); sent only
 * for an invoice to the employer.
 */
export type InvoiceFields = {
  recipient: InvoiceRecipient;
  lines: LineFields[];
  employer_vat_id?: string;
  employer_kvk?: string;
};

/** An optional text field: '' is null, anything else goes through the contract's own check. */
const optionalText = <T extends z.ZodTypeAny>(schema: T) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() || null)
    .pipe(schema);

const LineFieldsSchema = z.object({
  description: InvoiceLineInputSchema.shape.description,
  quantity: z.string().trim().pipe(z.coerce.number().int().min(1).max(MAX_QUANTITY)),
  unit_price_cents: euroField(z.number().int().min(0).max(MAX_UNIT_PRICE_CENTS)),
  vat_rate: z.enum(['21', '9', '0']).transform((rate) => Number(rate) as 21 | 9 | 0),
});

/** The form's fields read into the contract's request: the same checks as the server's, in the reader's language. */
export const InvoiceFieldsSchema = z
  .object({
    recipient: CreateInvoiceRequestSchema.shape.recipient,
    lines: z.array(LineFieldsSchema).min(1).max(MAX_INVOICE_LINES),
    employer_vat_id: optionalText(EmployerVatIdSchema),
    employer_kvk: optionalText(EmployerKvkSchema),
  })
  .transform(({ employer_vat_id, employer_kvk, ...fields }): CreateInvoiceRequest =>
    fields.recipient === 'employer'
      ? { ...fields, employer_vat_id: employer_vat_id ?? null, employer_kvk: employer_kvk ?? null }
      : fields,
  );

export const emptyLine = (): LineFields => ({
  description: '',
  quantity: '1',
  unit_price_cents: '',
  vat_rate: String(DEFAULT_VAT_RATE),
});

/** A line of a draft or a proposal as the inputs show it ('750' for 75000 cents). */
export const lineToFields = (line: InvoiceLineInput): LineFields => ({
  description: line.description,
  quantity: String(line.quantity),
  unit_price_cents: formatEuroInput(line.unit_price_cents),
  vat_rate: String(line.vat_rate ?? DEFAULT_VAT_RATE),
});

const LINE_FIELDS = ['description', 'quantity', 'unit_price_cents', 'vat_rate'] as const;
const serverFields = (count: number): Path<InvoiceFields>[] => [
  'recipient',
  'lines',
  'employer_vat_id',
  'employer_kvk',
  ...Array.from({ length: count }, (_, index) =>
    LINE_FIELDS.map((field) => `lines.${index}.${field}` as Path<InvoiceFields>),
  ).flat(),
];

/**
 * A draft's recipient ('De cliënt' or 'De werkgever') and lines (description, quantity, unit
 * price excluding VAT in euros, VAT rate, 21 % unless chosen otherwise). The portal computes the
 * totals when the draft is saved.
 */
export function InvoiceEditor({
  heading,
  initial,
  onSave,
  onCancel,
}: {
  heading: string;
  initial: InvoiceFields;
  onSave: (request: CreateInvoiceRequest) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useSchemaForm<typeof InvoiceFieldsSchema, InvoiceFields>(InvoiceFieldsSchema, {
    defaultValues: { employer_vat_id: '', employer_kvk: '', ...initial },
    serverFields: serverFields(MAX_INVOICE_LINES),
    guardUnsaved: true,
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const toEmployer = form.watch('recipient') === 'employer';
  // The hook answers a new object every render; its setFocus stays the same.
  const { setFocus } = form;
  useEffect(() => setFocus('recipient'), [setFocus]);

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await onSave(request);
      form.reset(form.getValues());
    } catch (error) {
      form.serverErrors(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-5 rounded-xl border border-slate-300 bg-white p-4 sm:p-5"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {heading}
      </h3>
      <RequiredFieldsLegend />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-slate-900">
          {t('invoices.editor.recipient')}
          <RequiredMark />
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {INVOICE_RECIPIENTS.map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
              <input type="radio" value={value} className="size-5 accent-brand-700" {...form.register('recipient')} />
              {t(`invoices.recipient.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {toEmployer && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('invoices.editor.kvk')}
            hint={t('invoices.editor.kvkHint')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            error={form.fieldError('employer_kvk')}
            {...form.register('employer_kvk')}
          />
          <TextField
            label={t('invoices.editor.vatId')}
            hint={t('invoices.editor.vatIdHint')}
            autoComplete="off"
            maxLength={20}
            error={form.fieldError('employer_vat_id')}
            {...form.register('employer_vat_id')}
          />
        </div>
      )}
      <ol className="flex flex-col gap-4">
        {lines.fields.map((line, index) => (
          <li key={line.id}>
            <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:p-4">
              <legend className="px-1 font-semibold text-slate-900">
                {t('invoices.editor.line', { number: index + 1 })}
              </legend>
              <TextField
                label={t('invoices.editor.description')}
                hint={index === 0 ? t('invoices.editor.descriptionHint') : undefined}
                required
                maxLength={200}
                error={form.fieldError(`lines.${index}.description`)}
                {...form.register(`lines.${index}.description`)}
              />
              <div className="grid gap-3 sm:grid-cols-3">
                <TextField
                  label={t('invoices.editor.quantity')}
                  inputMode="numeric"
                  required
                  error={form.fieldError(`lines.${index}.quantity`)}
                  {...form.register(`lines.${index}.quantity`)}
                />
                <TextField
                  label={t('invoices.editor.unitPrice')}
                  inputMode="decimal"
                  required
                  error={form.fieldError(`lines.${index}.unit_price_cents`)}
                  {...form.register(`lines.${index}.unit_price_cents`)}
                />
                <SelectField
                  label={t('invoices.editor.vatRate')}
                  error={form.fieldError(`lines.${index}.vat_rate`)}
                  {...form.register(`lines.${index}.vat_rate`)}
                >
                  {VAT_RATES.map((rate) => (
                    <option key={rate} value={String(rate)}>
                      {t('invoices.vatRate', { rate })}
                    </option>
                  ))}
                </SelectField>
              </div>
              {lines.fields.length > 1 && (
                <Button variant="ghost" className="self-start" onClick={() => lines.remove(index)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('invoices.editor.removeLine', { number: index + 1 })}
                </Button>
              )}
            </fieldset>
          </li>
        ))}
      </ol>
      <FormError message={form.fieldError('lines')} />
      {lines.fields.length < MAX_INVOICE_LINES && (
        <Button variant="secondary" className="w-full sm:w-fit" onClick={() => lines.append(emptyLine())}>
          <Plus className="size-4" aria-hidden="true" />
          {t('invoices.editor.addLine')}
        </Button>
      )}
      <p className="text-sm text-slate-700">{t('invoices.editor.totalsHint')}</p>
      <FormError message={form.formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('invoices.editor.cancel')}
        </Button>
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('invoices.editor.save')}
        </Button>
      </div>
    </form>
  );
}
