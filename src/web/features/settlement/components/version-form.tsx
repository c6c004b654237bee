import { useEffect, useId, useMemo, type ReactNode } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  AddSettlementVersionFieldsSchema,
  INITIATIVES,
  NON_COMPETE,
  type SettlementTerms,
  type SettlementVersion,
} from '../../../../contract/settlement';
import { emptyAsMissing } from '../../../lib/form-resolver';
import { useSchemaForm } from '../../../lib/schema-form';
import { Button } from '../../../ui/button';
import { FormError, RequiredFieldsLegend, RequiredMark, TextField } from '../../../ui/field';
import { todayInAmsterdam, useAddVersion } from '../api';
import type { TermField } from '../term-changes';
import { FileField, SelectField, TextAreaField } from '../../../ui/labelled-fields';
import {
  AGREEMENT_FIELDS,
  AMOUNT_FIELDS,
  CHOICE_FIELDS,
  DATE_FIELDS,
  EMPLOYMENT_FIELDS,
  fieldsToTerms,
  termsIssues,
  termsToFields,
  type TermsFields,
} from '../terms-form';

type Fields = {
  from: 'employer' | 'us';
  dated: string;
  reply_by: string;
  note: string;
  text: string;
  file: FileList | null;
  terms: TermsFields;
};

const TERM_PATHS = [...EMPLOYMENT_FIELDS, ...AGREEMENT_FIELDS].map((field) => `terms.${field}` as Path<Fields>);
const SERVER_FIELDS: readonly Path<Fields>[] = ['from', 'dated', 'reply_by', 'note', 'text', 'file', ...TERM_PATHS];
const isOneOf = (list: readonly string[], value: string) => list.includes(value);

/**
 * The contract's fields of a new version, with the file beside them and the terms read from the
 * typed fields (each unreadable one under itself); a version needs a file or pasted text.
 */
function versionSchema(t: TFunction) {
  const { from, dated, reply_by, note, text } = AddSettlementVersionFieldsSchema.shape;
  return z
    .object({
      from,
      dated,
      reply_by,
      note,
      text,
      file: z.custom<FileList | null>(),
      terms: z.custom<TermsFields>().transform((fields, ctx): SettlementTerms => {
        const { terms, errors } = fieldsToTerms(fields);
        for (const [field, error] of Object.entries(errors))
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [field],
            message: t(error === 'invalidMonths' ? 'settlement.form.invalidMonths' : `settlement.calculator.${error}`),
          });
        // Dates that do not exist or are out of order, as the server would refuse them.
        for (const issue of termsIssues(terms))
          if (!errors[issue.field])
            ctx.addIssue({ code: z.ZodIssueCode.custom, path: [issue.field], message: t(issue.key, issue.values) });
        return terms;
      }),
    })
    .superRefine((values, ctx) => {
      if (!values.file?.[0] && !values.text?.trim())
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['text'], message: t('settlement.form.textOrFile') });
    });
}

/**
 * 'Nieuwe versie': who it is from ('Werkgever' or 'Wij'), the date received or sent, the reply
 * deadline, the text as a .docx/.pdf file or pasted, the note for the client ('Wat dit voor je
 * betekent') and the terms, filled in as the newest version had them.
 */
export function VersionForm({
  caseId,
  newest,
  onDone,
  onCancel,
}: {
  caseId: string;
  newest: SettlementVersion | undefined;
  onDone: (version: SettlementVersion) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddVersion(caseId);
  const id = useId();
  const schema = useMemo(() => versionSchema(t), [t]);
  const form = useSchemaForm<typeof schema, Fields>(schema, {
    serverFields: SERVER_FIELDS,
    defaultValues: {
      from: newest?.from === 'employer' ? 'us' : 'employer',
      dated: todayInAmsterdam(),
      reply_by: '',
      note: '',
      text: '',
      file: null,
      terms: termsToFields(newest ? newest.terms : ({ holiday_allowance_percent: 8 } satisfies SettlementTerms)),
    },
  });
  useEffect(() => form.setFocus('from'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const file = values.file?.[0] ?? null;
    const body = new FormData();
    body.set('from', values.from);
    body.set('dated', values.dated);
    if (values.reply_by) body.set('reply_by', values.reply_by);
    if (values.note) body.set('note', values.note);
    if (file) body.set('file', file);
    else body.set('text', values.text ?? '');
    body.set('terms', JSON.stringify(values.terms));
    try {
      onDone(await add.mutateAsync(body));
    } catch (error) {
      form.serverErrors(error);
    }
  });

  const termError = (field: TermField) => form.fieldError(`terms.${field}` as Path<Fields>);
  const termInput = (field: TermField): ReactNode => {
    const label = t(`settlement.terms.${field}`);
    if (isOneOf(DATE_FIELDS, field))
      return (
        <TextField
          key={field}
          label={label}
          type="date"
          error={termError(field)}
          {...form.register(`terms.${field}`)}
        />
      );
    if (isOneOf(AMOUNT_FIELDS, field))
      return (
        <TextField
          key={field}
          label={label}
          inputMode="decimal"
          hint={field === 'severance_cents' ? t('settlement.calculator.euroHint') : undefined}
          error={termError(field)}
          {...form.register(`terms.${field}`)}
        />
      );
    if (field === 'holiday_allowance_percent')
      return (
        <TextField
          key={field}
          label={label}
          inputMode="decimal"
          error={termError(field)}
          {...form.register(`terms.${field}`)}
        />
      );
    if (field === 'notice_months')
      return (
        <TextField
          key={field}
          label={label}
          inputMode="numeric"
          hint={t('settlement.form.noticeHint')}
          error={termError(field)}
          {...form.register(`terms.${field}`)}
        />
      );
    const options: [string, string][] = isOneOf(CHOICE_FIELDS, field)
      ? [
          ['true', t('settlement.form.choice.yes')],
          ['false', t('settlement.form.choice.no')],
        ]
      : field === 'non_compete'
        ? NON_COMPETE.map((value) => [value, t(`settlement.form.nonCompete.${value}`)])
        : INITIATIVES.map((value) => [value, t(`settlement.form.initiative.${value}`)]);
    return (
      <SelectField
        key={field}
        label={label}
        hint={field === 'notice_shortened_by_cao' ? t('settlement.form.noticeCaoHint') : undefined}
        error={termError(field)}
        {...form.register(`terms.${field}`)}
      >
        <option value="">{t('settlement.form.choice.unknown')}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </SelectField>
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-5 rounded-xl border border-slate-300 bg-white p-4 sm:p-5"
    >
      <h4 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t('settlement.form.heading')}
      </h4>
      <RequiredFieldsLegend />
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium text-slate-900">
          {t('settlement.form.from')}
          <RequiredMark />
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(['employer', 'us'] as const).map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-slate-900">
              <input type="radio" value={value} className="size-5 accent-brand-700" {...form.register('from')} />
              {t(`settlement.tab.from.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('settlement.form.dated')}
          type="date"
          required
          error={form.fieldError('dated')}
          {...form.register('dated', emptyAsMissing)}
        />
        <TextField
          label={t('settlement.form.replyBy')}
          type="date"
          error={form.fieldError('reply_by')}
          {...form.register('reply_by', emptyAsMissing)}
        />
      </div>
      <FileField
        label={t('settlement.form.file')}
        hint={t('settlement.form.fileHint')}
        accept=".docx,.pdf"
        error={form.fieldError('file')}
        {...form.register('file')}
      />
      <TextAreaField
        label={t('settlement.form.text')}
        hint={t('settlement.form.textHint')}
        rows={6}
        error={form.fieldError('text')}
        {...form.register('text')}
      />
      <TextAreaField
        label={t('settlement.form.note')}
        hint={t('settlement.form.noteHint')}
        rows={3}
        error={form.fieldError('note')}
        {...form.register('note')}
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="text-lg font-semibold text-slate-900">{t('settlement.form.termsHeading')}</legend>
        <p className="text-sm text-slate-700">{t('settlement.form.termsHint')}</p>
        <fieldset className="flex flex-col gap-3">
          <legend className="font-semibold text-slate-900">{t('settlement.form.agreement')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">{AGREEMENT_FIELDS.map(termInput)}</div>
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="font-semibold text-slate-900">{t('settlement.form.employment')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">{EMPLOYMENT_FIELDS.map(termInput)}</div>
        </fieldset>
      </fieldset>
      <FormError message={form.formError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          {t('settlement.form.cancel')}
        </Button>
        <Button type="submit" busy={form.formState.isSubmitting}>
          {t('settlement.form.submit')}
        </Button>
      </div>
    </form>
  );
}
