import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export type TextFieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/**
 * A labelled text input with its hint and error text wired to it for assistive technology.
 * A `required` field shows a visible '*' after its label. The mark sits outside the <label>
 * and is aria-hidden, so the accessible name stays the label text; assistive technology
 * hears 'required' from `required`/`aria-required` on the input instead.
 */
export function TextField({ label, error, hint, id, className, ...inputProps }: TextFieldProps) {
  const isRequired = Boolean(inputProps.required);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div>
        <label htmlFor={inputId} className="font-medium text-slate-900">
          {label}
        </label>
        {isRequired && <RequiredMark />}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-required={isRequired || undefined}
        aria-describedby={describedBy}
        className={cn(
          'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500',
          error ? 'border-red-700' : 'border-slate-400',
        )}
        {...inputProps}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** The visible required-field mark; hidden from assistive technology, which reads `required` on the input. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" data-required-mark="" className="ms-1 font-medium text-red-700">
      *
    </span>
  );
}

/** One line per form that has required fields: '* verplicht veld'. Visual only, like the marks it explains. */
export function RequiredFieldsLegend() {
  const { t } = useTranslation();
  return (
    <p aria-hidden="true" className="text-sm text-slate-700">
      <span className="font-medium text-red-700">*</span> {t('form.requiredLegend')}
    </p>
  );
}

export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** A form-level error (a failed request), announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </div>
  );
}
