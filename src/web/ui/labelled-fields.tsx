import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from './cn';
import { FieldError, RequiredMark } from './field';

/**
 * Labelled fields besides field.tsx's text field: a select, a text area and a file input, each with
 * its hint and error wired to it (apart from field.tsx, which the login page's first chunk carries).
 */
type LabelledProps = { label: string; hint?: string; error?: string | undefined };

function describedBy(id: string, hint: string | undefined, error: string | undefined) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function Labelled({ id, label, hint, error, children }: LabelledProps & { id: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

const control = (error: string | undefined) =>
  cn(
    'min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-slate-900',
    error ? 'border-red-700' : 'border-slate-400',
  );

export function SelectField({ label, hint, error, children, ...props }: LabelledProps & ComponentProps<'select'>) {
  const id = useId();
  return (
    <Labelled id={id} label={label} hint={hint} error={error}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={control(error)}
        {...props}
      >
        {children}
      </select>
    </Labelled>
  );
}

export function TextAreaField({ label, hint, error, ...props }: LabelledProps & ComponentProps<'textarea'>) {
  const id = useId();
  return (
    <Labelled id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={control(error)}
        {...props}
      />
    </Labelled>
  );
}

export function FileField({ label, hint, error, required, ...props }: LabelledProps & ComponentProps<'input'>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        {required && <RequiredMark />}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="file"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={
          'w-full text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border ' +
          'file:border-brand-700 file:bg-white file:px-4 file:py-2 file:font-semibold ' +
          'file:text-brand-700 hover:file:bg-brand-50'
        }
        {...props}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
