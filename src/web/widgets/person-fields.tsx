import type { ComponentProps } from 'react';
import { TextField } from '../ui/field';

/** One field of a name or address: its label, error, registration and input attributes. */
export type PersonField = Omit<ComponentProps<typeof TextField>, 'children'>;

const required = { required: true, 'aria-required': true } as const;
const withRequired = (field: PersonField, isRequired: boolean): PersonField =>
  isRequired ? { ...required, ...field } : field;

/** First name, infix and last name on one row (first and last name required). */
export function NameFields({
  name,
  infix,
  lastName,
  columns,
}: {
  name: PersonField;
  infix: PersonField;
  lastName: PersonField;
  columns: string;
}) {
  return (
    <div className={`grid gap-4 ${columns}`}>
      <TextField autoComplete="given-name" {...withRequired(name, true)} />
      <TextField {...infix} />
      <TextField autoComplete="family-name" {...withRequired(lastName, true)} />
    </div>
  );
}

/**
 * Street and house number, then postcode ('1234AA') and city. House number, postcode and city are
 * required; the street where `streetRequired` says so.
 */
export function AddressFields({
  street,
  houseNumber,
  postcode,
  city,
  streetRequired,
}: {
  street: PersonField;
  houseNumber: PersonField;
  postcode: PersonField;
  city: PersonField;
  streetRequired: boolean;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField {...withRequired(street, streetRequired)} />
        <TextField {...withRequired(houseNumber, true)} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_2fr]">
        <TextField placeholder="1234AA" {...withRequired(postcode, true)} />
        <TextField {...withRequired(city, true)} />
      </div>
    </>
  );
}
