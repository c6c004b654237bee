import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, translateValidation } from './error-text';
import { formResolver } from './form-resolver';
import { i18n } from './i18n';
import { useUnsavedChanges } from './unsaved-changes';

export type SchemaFormOptions<Fields extends FieldValues> = {
  /** Every field the form shows, as typed (an empty text is ''). */
  defaultValues: DefaultValues<Fields>;
  /**
   * The fields a server 422 may name; a field error for any other goes to the form's own error.
   * Default: the keys of `defaultValues`.
   */
  serverFields?: readonly Path<Fields>[];
  /**
   * Ask before leaving the page while the form holds changes (the one unsaved-changes guard);
   * pass `!mutation.isPending` to stop asking while the save is on its way.
   */
  guardUnsaved?: boolean;
  /** react-hook-form's own `shouldFocusError` (default true). */
  shouldFocusError?: boolean;
};

export type SchemaForm<Fields extends FieldValues, Output> = UseFormReturn<Fields, unknown, Output> & {
  /** The field's error text in the reader's language, or undefined. Nested paths too (`rows.0.start`). */
  fieldError: (name: Path<Fields>) => string | undefined;
  /** The form's own error (`root.server`): a refusal no field owns. */
  formError: string | undefined;
  /**
   * A failed request onto the form: 422 field errors onto their fields, anything else as the
   * form's own error. Answers whether a field got one.
   */
  serverErrors: (error: unknown) => boolean;
};

/**
 * The one way a form is set up: react-hook-form validating with the contract's schema through
 * `formResolver` (texts from the one error map, in the reader's language), with the field and
 * server errors translated. Pass the form's field types as `Fields` when what the inputs hold
 * differs from the schema's input (a `File`, a text that becomes a number).
 *
 * ```tsx
 * const form = useSchemaForm(CreateLawyerRequestSchema, { defaultValues: { name: '', email: '' } });
 * const onSubmit = form.handleSubmit(async (values) => {
 *   try { await create.mutateAsync(values); form.reset(); } catch (error) { form.serverErrors(error); }
 * });
 * <TextField label={t('…')} error={form.fieldError('email')} {...form.register('email')} />
 * <FormError message={form.formError} />
 * ```
 */
export function useSchemaForm<Schema extends z.ZodTypeAny, Fields extends FieldValues = z.input<Schema> & FieldValues>(
  schema: Schema,
  options: SchemaFormOptions<Fields>,
): SchemaForm<Fields, z.output<Schema>> {
  // The resolver reads the schema given last; a schema built per render costs one closure.
  const resolver = useMemo(
    () => formResolver(schema) as unknown as Resolver<Fields, unknown, z.output<Schema>>,
    [schema],
  );
  const form = useForm<Fields, unknown, z.output<Schema>>({
    resolver,
    defaultValues: options.defaultValues,
    shouldFocusError: options.shouldFocusError ?? true,
  });
  useUnsavedChanges(Boolean(options.guardUnsaved) && form.formState.isDirty);
  // The fields a form has stay those of its first render.
  const [serverFields] = useState(
    () => options.serverFields ?? (Object.keys(options.defaultValues as object) as unknown as readonly Path<Fields>[]),
  );
  // The form stays the one object react-hook-form keeps (effects that depend on it run once);
  // the helpers read its errors and the language when they are called.
  return useMemo(() => {
    const t = i18n.t.bind(i18n) as TFunction;
    const errorText = (name: string) =>
      translateValidation((get(form.formState.errors, name) as { message?: string } | undefined)?.message, t);
    return Object.defineProperties(form, {
      fieldError: { value: (name: Path<Fields>) => errorText(name), configurable: true },
      formError: { get: () => errorText('root.server'), configurable: true },
      serverErrors: {
        value: (error: unknown) => applyServerErrors(error, form.setError, serverFields, t),
        configurable: true,
      },
    }) as SchemaForm<Fields, z.output<Schema>>;
  }, [form, serverFields]);
}
