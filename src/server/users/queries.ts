import { and, eq, inArray, sql } from 'drizzle-orm';
import { PERMISSIONS, type Role } from '../../contract/permissions';
import type { User, UpdateUserRequest } from '../../contract/users';
import { getDisplayName } from '../../contract/rules/display-name';
import { DAYS, type Day } from '../../contract/days';
import type { Db } from '../db/client';
import { availability, cases, users } from '../db/schema';
import { AppError } from '../errors/errors';

type UserRow = typeof users.$inferSelect;

/** Public path of an avatar file (stored as avatars/{file} in storage). */
export function avatarUrl(avatarFile: string | null): string | null {
  return avatarFile ? `/files/avatars/${avatarFile}` : null;
}

/** The one place a user row becomes the API's User (SPEC section 3). */
export function toUser(row: UserRow, days: { day: Day; startTime: string; endTime: string }[], userCase: { id: string; title: string; notes: string | null } | null): User {
  const role = row.role as Role;
  return {
    id: row.id,
    name: row.name,
    infix: row.infix,
    last_name: row.lastName,
    full_name: getDisplayName({ name: row.name, infix: row.infix, last_name: row.lastName }),
    avatar: avatarUrl(row.avatarKey),
    email: row.email,
    phone_number: row.phoneNumber,
    street: row.street,
    house_number: row.houseNumber,
    postcode: row.postcode,
    city: row.city,
    quote: row.quote,
    title: row.title,
    availability: [...days]
      .sort((a, b) => DAYS.indexOf(a.day) - DAYS.indexOf(b.day))
      .map((d) => ({ day: d.day, start_time: d.startTime, end_time: d.endTime })),
    case: userCase,
    roles: [role],
    permissions: [...PERMISSIONS[role]],
  };
}

/** The profile in one query: the user with their availability and (for a client) their case. */
export async function getUser(db: Db, userId: string): Promise<User | null> {
  const [row] = await db
    .select({
      user: users,
      days: sql<{ day: Day; startTime: string; endTime: string }[]>`coalesce((
        SELECT json_agg(json_build_object('day', a.day, 'startTime', a.start_time, 'endTime', a.end_time))
        FROM ${availability} a WHERE a.user_id = "users"."id"), '[]'::json)`,
      userCase: sql<{ id: string; title: string; notes: string | null } | null>`(
        SELECT json_build_object('id', c.id, 'title', c.title, 'notes', c.notes) FROM ${cases} c WHERE c.client_id = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return toUser(row.user, row.days, row.userCase);
}

export async function getUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Updates the profile; availability is replaced as a whole. One transaction. */
export async function updateUser(db: Db, userId: string, input: UpdateUserRequest, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    if (input.email !== undefined) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email)));
      if (taken && taken.id !== userId) throw new AppError('validation', 'Dit e-mailadres is al in gebruik.', { email: ['Dit e-mailadres is al in gebruik.'] });
    }
    const fields = {
      name: input.name,
      infix: input.infix === '' ? null : input.infix,
      lastName: input.last_name,
      email: input.email,
      phoneNumber: input.phone_number,
      street: input.street,
      houseNumber: input.house_number,
      postcode: input.postcode,
      city: input.city,
      quote: input.quote,
      title: input.title,
    };
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    await tx
      .update(users)
      .set({ ...set, updatedAt: now })
      .where(eq(users.id, userId));
    if (input.name !== undefined || input.infix !== undefined || input.last_name !== undefined) {
      const [row] = await tx.select({ name: users.name, infix: users.infix, lastName: users.lastName }).from(users).where(eq(users.id, userId));
      if (row) {
        await tx
          .update(cases)
          .set({ clientName: getDisplayName({ name: row.name, infix: row.infix, last_name: row.lastName }) })
          .where(eq(cases.clientId, userId));
      }
    }
    if (input.availability !== undefined) {
      await tx.delete(availability).where(eq(availability.userId, userId));
      const complete = input.availability.filter((d) => d.start_time && d.end_time);
      if (complete.length > 0) {
        await tx.insert(availability).values(complete.map((d) => ({ userId, day: d.day, startTime: d.start_time as string, endTime: d.end_time as string })));
      }
    }
  });
}

