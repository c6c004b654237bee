import { z } from 'zod';
import { OptionalPostcodeSchema } from './rules/postcode';
import { text } from './text';
import { DaySchema } from './days';
import { RoleSchema } from './permissions';
import { EmailSchema, LoginCodeSchema } from './auth';
import { UserLanguageSchema } from './notifications';
import { validationKey } from './validation-messages';
import { RowVersionSchema } from './row-version';

export const TimeSchema = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, validationKey('time'));

export const AvailabilityEntrySchema = z.object({
  day: DaySchema,
  start_time: TimeSchema.nullable(),
  end_time: TimeSchema.nullable(),
});
export type AvailabilityEntry = z.infer<typeof AvailabilityEntrySchema>;

export const UserCaseSchema = z.object({ id: z.string().uuid(), title: z.string(), notes: z.string().nullable() });

export const UserSchema = z.object({
  id: z.string().uuid(),
  name: z.string().nullable(),
  infix: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  phone_number: z.string().nullable(),
  street: z.string().nullable(),
  house_number: z.string().nullable(),
  postcode: z.string().nullable(),
  city: z.string().nullable(),
  quote: z.string().nullable(),
  title: z.string().nullable(),
  availability: z.array(AvailabilityEntrySchema),
  case: UserCaseSchema.nullable(),
  roles: z.array(RoleSchema),
  permissions: z.array(z.string()),
  /** The language mails are written in (set when the user switches language in the app). */
  language: UserLanguageSchema.default('nl-NL'),
  /** Version of the profile fields (name … title); sent back as `version` with a save of them. */
  version: RowVersionSchema,
  /** Version of the availability list; sent back as `availability_version` with a save of it. */
  availability_version: RowVersionSchema,
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ data: UserSchema });

const nameField = text().trim().max(250);
const optionalText = (max: number) => text().trim().max(max).nullable().optional();

export const UpdateUserRequestSchema = z
  .object({
    name: nameField.min(1).optional(),
    infix: nameField.nullable().optional(),
    last_name: nameField.min(1).optional(),
    email: EmailSchema.optional(),
    phone_number: optionalText(50),
    street: optionalText(250),
    house_number: optionalText(20),
    postcode: OptionalPostcodeSchema,
    city: optionalText(250),
    quote: text({ multiline: true }).trim().max(255).nullable().optional(),
    title: optionalText(250),
    language: UserLanguageSchema.optional(),
    /** The profile's `version` the form was loaded with: 409 when it changed since (contract/row-version.ts). */
    version: RowVersionSchema.optional(),
    /** Likewise for `availability`. */
    availability_version: RowVersionSchema.optional(),
    availability: z
      .array(
        AvailabilityEntrySchema.refine((d) => Boolean(d.start_time) === Boolean(d.end_time), {
          message: validationKey('bothTimes'),
          path: ['end_time'],
        }).refine((d) => !d.start_time || !d.end_time || d.start_time < d.end_time, {
          message: validationKey('endAfterStart'),
          path: ['end_time'],
        }),
      )
      .max(7)
      .refine((days) => new Set(days.map((d) => d.day)).size === days.length, validationKey('duplicateDay'))
      .optional(),
  })
  .strict();
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** PATCH /api/user with a new e-mail: 202, the same whether the address is free or taken. */
export const EmailChangeRequestedResponseSchema = z.object({
  message: z.string(),
  email_change_requested: z.literal(true),
  data: UserSchema,
});
export type EmailChangeRequestedResponse = z.infer<typeof EmailChangeRequestedResponseSchema>;

/** POST /api/user/email/confirm: the code sent to the new address. */
export const ConfirmEmailChangeRequestSchema = z.object({ code: LoginCodeSchema }).strict();
export type ConfirmEmailChangeRequest = z.infer<typeof ConfirmEmailChangeRequestSchema>;
