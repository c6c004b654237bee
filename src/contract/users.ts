import { z } from 'zod';
import { DaySchema } from './days';
import { RoleSchema } from './permissions';
import { EmailSchema } from './auth';

export const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Gebruik het formaat UU:MM');

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
});
export type User = z.infer<typeof UserSchema>;

export const UserResponseSchema = z.object({ data: UserSchema });

const nameField = z.string().trim().max(250, 'Maximaal 250 tekens.');
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const UpdateUserRequestSchema = z
  .object({
    name: nameField.min(1, 'Required').optional(),
    infix: nameField.nullable().optional(),
    last_name: nameField.min(1, 'Required').optional(),
    email: EmailSchema.optional(),
    phone_number: optionalText(50),
    street: optionalText(250),
    house_number: optionalText(20),
    postcode: optionalText(20),
    city: optionalText(250),
    quote: z.string().trim().max(255, 'Maximaal 255 tekens.').nullable().optional(),
    title: optionalText(250),
    availability: z
      .array(
        AvailabilityEntrySchema.refine((d) => Boolean(d.start_time) === Boolean(d.end_time), {
          message: 'Vul zowel een starttijd als een eindtijd in, of laat beide leeg.',
          path: ['end_time'],
        }).refine((d) => !d.start_time || !d.end_time || d.start_time < d.end_time, {
          message: 'De eindtijd moet na de starttijd liggen.',
          path: ['end_time'],
        }),
      )
      .max(7)
      .refine((days) => new Set(days.map((d) => d.day)).size === days.length, 'Elke dag mag maar één keer voorkomen.')
      .optional(),
  })
  .strict();
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;
