import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type Path } from 'react-hook-form';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSchemaForm } from '../../../lib/schema-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  MAX_CONTACT_PERSONS,
  UpdateContactPersonsRequestSchema,
  type ContactPerson,
} from '../../../../contract/contact-persons';
import { translateValidation } from '../../../lib/error-text';
import { Button } from '../../../ui/button';
import { FormError, RequiredFieldsLegend, TextField } from '../../../ui/field';
import { useVersionedSave, VersionedSaveNotices } from '../../../widgets/versioned-save';
import { myCaseQueryOptions } from '../../../lib/my-case-query';
import { useSaveContactPersons } from '../api';
import { FormSection } from './form-section';

type ContactForm = z.input<typeof UpdateContactPersonsRequestSchema>;
type PersonField = 'first_name' | 'infix' | 'last_name' | 'job_title' | 'email' | 'phone_number';
const PERSON_FIELDS: PersonField[] = ['first_name', 'infix', 'last_name', 'job_title', 'email', 'phone_number'];
const empty = { first_name: '', infix: '', last_name: '', job_title: '', email: '', phone_number: '' };
/** Every field a server 422 may name, for as many persons as the list can hold, and the list itself. */
const SERVER_FIELDS = [
  ...Array.from({ length: MAX_CONTACT_PERSONS }, (_, i) =>
    PERSON_FIELDS.map((f) => `contact_persons.${i}.${f}` as Path<ContactForm>),
  ).flat(),
  'contact_persons' as Path<ContactForm>,
];

/** The list as text in a fixed field order, to compare the form with what was saved. */
const toComparable = (form: ContactForm) =>
  JSON.stringify((form.contact_persons ?? []).map((p) => PERSON_FIELDS.map((field) => p[field] ?? '')));

const toForm = (list: ContactPerson[]): ContactForm => ({
  contact_persons: list.map((p) => ({
    first_name: p.first_name,
    infix: p.infix ?? '',
    last_name: p.last_name,
    job_title: p.job_title ?? '',
    email: p.email ?? '',
    phone_number: p.phone_number ?? '',
  })),
});

/** Up to three contact persons: add, edit, remove; the whole list is sent and replaces the old one. */
export function ContactPersonsForm({
  caseId,
  contactPersons,
  version: loadedVersion,
}: {
  caseId: string;
  contactPersons: ContactPerson[];
  version: number;
}) {
  const { t } = useTranslation();
  const save = useSaveContactPersons(caseId);
  const queryClient = useQueryClient();
  const form = useSchemaForm<typeof UpdateContactPersonsRequestSchema, ContactForm>(UpdateContactPersonsRequestSchema, {
    defaultValues: toForm(contactPersons),
    serverFields: SERVER_FIELDS,
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'contact_persons' });
  // Compared with the last saved list itself: react-hook-form's isDirty can stay set after a
  // field array is reset, which would warn about changes that were saved.
  const [baseline, setBaseline] = useState(() => toComparable(toForm(contactPersons)));
  // The version of the list the form shows is sent with the save (409 when older).
  const versioned = useVersionedSave({
    version: loadedVersion,
    versionOf: (saved: { list: ContactPerson[]; version: number }) => saved.version,
    show: (saved) => {
      form.reset(toForm(saved.list));
      setBaseline(toComparable(toForm(saved.list)));
    },
    reload: async () => {
      const fresh = await queryClient.fetchQuery({ ...myCaseQueryOptions(), staleTime: 0 }).catch(() => undefined);
      return fresh && { list: fresh.contact_persons, version: fresh.contact_persons_version };
    },
  });
  // watch() (not useWatch) sees a removed person at once; the compiler skips memoising this form.
  useUnsavedChanges(
    form.formState.isSubmitting ? false : toComparable(form.watch()) !== baseline && form.formState.isDirty,
  );
  const { errors } = form.formState;
  const full = fields.length >= MAX_CONTACT_PERSONS;
  const formElement = useRef<HTMLFormElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The remove button goes with its person: the focus moves to the next person's first field
  // (now at the same place), else to 'Contactpersoon toevoegen', never to <body>.
  const onRemove = (index: number) => {
    flushSync(() => remove(index));
    const next = formElement.current?.querySelectorAll('fieldset')[index]?.querySelector('input');
    (next ?? addButton.current)?.focus();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const blank = (v: string | null | undefined) => (v ? v : null);
    await versioned.save(
      async (version) => {
        const saved = await save.mutateAsync({
          contact_persons: values.contact_persons.map((p) => ({
            ...p,
            infix: blank(p.infix),
            job_title: blank(p.job_title),
            phone_number: blank(p.phone_number),
          })),
          version,
        });
        return { list: saved.data, version: saved.meta.version };
      },
      { savedText: t('myStory.saved'), onError: form.serverErrors },
    );
  });

  return (
    <FormSection
      title={t('myStory.contacts.title')}
      description={t('myStory.contacts.intro', { max: MAX_CONTACT_PERSONS })}
      headingId="contacts-heading"
    >
      <form ref={formElement} noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <RequiredFieldsLegend />
        {fields.length === 0 && <p className="text-slate-700">{t('myStory.contacts.none')}</p>}
        {fields.map((field, index) => {
          const personErrors = errors.contact_persons?.[index];
          const err = (f: PersonField) => translateValidation(personErrors?.[f]?.message, t);
          const label =
            fields.length > 1 ? t('myStory.contacts.personN', { n: index + 1 }) : t('myStory.contacts.person');
          return (
            <fieldset key={field.id} className="flex flex-col gap-4 rounded-xl border border-slate-300 p-4">
              <legend className="px-1 font-semibold text-slate-900">{label}</legend>
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField
                  label={t('myStory.contacts.firstName')}
                  required
                  aria-required="true"
                  error={err('first_name')}
                  {...form.register(`contact_persons.${index}.first_name`)}
                />
                <TextField
                  label={t('myStory.contacts.infix')}
                  error={err('infix')}
                  {...form.register(`contact_persons.${index}.infix`)}
                />
                <TextField
                  label={t('myStory.contacts.lastName')}
                  required
                  aria-required="true"
                  error={err('last_name')}
                  {...form.register(`contact_persons.${index}.last_name`)}
                />
              </div>
              <TextField
                label={t('myStory.contacts.jobTitle')}
                error={err('job_title')}
                {...form.register(`contact_persons.${index}.job_title`)}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={t('myStory.contacts.email')}
                  type="email"
                  required
                  aria-required="true"
                  error={err('email')}
                  {...form.register(`contact_persons.${index}.email`)}
                />
                <TextField
                  label={t('myStory.contacts.phone')}
                  type="tel"
                  error={err('phone_number')}
                  {...form.register(`contact_persons.${index}.phone_number`)}
                />
              </div>
              <div>
                <Button variant="ghost" onClick={() => onRemove(index)}>
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('myStory.contacts.remove', { name: label })}
                </Button>
              </div>
            </fieldset>
          );
        })}
        {full ? (
          <p className="text-slate-700">{t('myStory.contacts.max', { max: MAX_CONTACT_PERSONS })}</p>
        ) : (
          <div>
            <Button ref={addButton} variant="secondary" onClick={() => append(empty)}>
              <Plus className="size-4" aria-hidden="true" />
              {t('myStory.contacts.add')}
            </Button>
          </div>
        )}
        <FormError
          message={
            translateValidation(errors.contact_persons?.message ?? errors.contact_persons?.root?.message, t) ??
            form.formError
          }
        />
        <VersionedSaveNotices save={versioned} />
        <div>
          <Button type="submit" busy={form.formState.isSubmitting}>
            {t('myStory.contacts.save')}
          </Button>
        </div>
      </form>
    </FormSection>
  );
}
