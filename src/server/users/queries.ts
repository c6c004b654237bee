import { applyClientEvent } from '../workflow/apply';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { staleWrite } from '../infra/errors/errors';
import { queryRows } from '../infra/db/sql';
import { tokenUserStatement } from '../auth/queries';
import { PERMISSIONS, type Role } from '../../contract/permissions';
import type { User, UpdateUserRequest } from '../../contract/users';
import { getDisplayName } from '../../contract/rules/display-name';
import { DAYS, type Day } from '../../contract/days';
import type { Db } from '../infra/db/client';
import { availability, cases, users } from '../infra/db/schema';
import { withEvents } from '../domain-events';
import { preparedQuery } from '../infra/db/prepared';

type UserRow = typeof users.$inferSelect;

/** A user's whole row by id (the client's profile on every case screen), as a query built once per database. */
export const userById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_by_id'),
);

/** Public path of an avatar file (stored as avatars/{file} in storage). */
export function avatarUrl(avatarFile: string | null): string | null {
  return avatarFile ? `/files/avatars/${avatarFile}` : null;
}

type ProfileRow = Pick<
  UserRow,
  | 'id'
  | 'role'
  | 'email'
  | 'name'
  | 'infix'
  | 'lastName'
  | 'phoneNumber'
  | 'street'
  | 'houseNumber'
  | 'postcode'
  | 'city'
  | 'quote'
  | 'title'
  | 'avatarKey'
  | 'language'
  | 'version'
  | 'availabilityVersion'
>;
type ProfileDays = { day: Day; startTime: string; endTime: string }[];
type ProfileCase = { id: string; title: string; notes: string | null } | null;

/** The one place a user row becomes the API's User. */
export function toUser(row: ProfileRow, days: ProfileDays, userCase: ProfileCase): User {
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
    language: row.language,
    version: row.version,
    availability_version: row.availabilityVersion,
  };
}

export type ProfileColumns = ProfileRow & { days: ProfileDays; userCase: ProfileCase };

/**
 * The columns `toUser` needs of a user `u`: its own, the availability and (for a client) the
 * case. Read by `getUser` and, after the token check in the same statement, by GET /api/user.
 */
const NAME_COLUMNS = sql`u.name, u.infix, u.last_name AS "lastName"`;
const ADDRESS_COLUMNS = sql`u.street, u.house_number AS "houseNumber", u.postcode, u.city`;
const USER_CASE = sql`json_build_object('id', c.id, 'title', c.title, 'notes', c.notes)`;
const PROFILE_COLUMNS = sql`u.id, u.role, u.email, ${NAME_COLUMNS}, u.phone_number AS "phoneNumber",
      ${ADDRESS_COLUMNS}, u.quote, u.title, u.avatar_key AS "avatarKey", u.language,
      u.version, u.availability_version AS "availabilityVersion",
      coalesce((SELECT json_agg(json_build_object('day', a.day, 'startTime', a.start_time, 'endTime', a.end_time))
        FROM ${availability} a WHERE a.user_id = u.id), '[]'::json) AS days,
      (SELECT ${USER_CASE} FROM ${cases} c WHERE c.client_id = u.id) AS "userCase"`;

/** The profile of one user (raw SQL): `PROFILE_COLUMNS` of the user with this id. */
function profileSelect(userId: string): SQL {
  return sql`SELECT ${PROFILE_COLUMNS} FROM ${users} u WHERE u.id = ${userId}`;
}

/**
 * The token check and the profile of the token's user: one prepared statement, one read of the user (GET /api/user).
 */
export const PROFILE_FOR_TOKEN = tokenUserStatement(PROFILE_COLUMNS);

export const profileToUser = (row: ProfileColumns): User => toUser(row, row.days, row.userCase);

/** The profile in one query: the user with their availability and (for a client) their case. */
export async function getUser(db: Db, userId: string): Promise<User | null> {
  const [row] = await queryRows<ProfileColumns>(db, profileSelect(userId));
  return row ? profileToUser(row) : null;
}

export async function getUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/**
 * Updates the profile; availability is replaced as a whole. One transaction. The e-mail address
 * changes only through email-change/ (confirmed by a code).
 *
 * The profile fields and the availability each have a version: a save of them counts it up, and
 * a `version` / `availability_version` sent with the save must still be the row's, checked in the
 * UPDATE's own WHERE clause (else 409, nothing changed). A language-only save counts nothing: it
 * is no form's record.
 */
export async function updateUser(
  db: Db,
  userId: string,
  input: Omit<UpdateUserRequest, 'email'>,
  now: Date,
): Promise<void> {
  await withEvents(db, async (tx) => {
    const fields = {
      name: input.name,
      infix: input.infix === '' ? null : input.infix,
      lastName: input.last_name,
      phoneNumber: input.phone_number,
      street: input.street,
      houseNumber: input.house_number,
      postcode: input.postcode,
      city: input.city,
      quote: input.quote,
      title: input.title,
      language: input.language,
    };
    const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const savesProfile = Object.keys(set).some((key) => key !== 'language');
    const savesAvailability = input.availability !== undefined;
    const [updated] = await tx
      .update(users)
      .set({
        ...set,
        updatedAt: now,
        ...(savesProfile ? { version: sql`${users.version} + 1` } : {}),
        ...(savesAvailability ? { availabilityVersion: sql`${users.availabilityVersion} + 1` } : {}),
      })
      .where(
        and(
          eq(users.id, userId),
          input.version === undefined ? undefined : eq(users.version, input.version),
          input.availability_version === undefined
            ? undefined
            : eq(users.availabilityVersion, input.availability_version),
        ),
      )
      .returning({ id: users.id });
    if (!updated) throw staleWrite();
    if (input.name !== undefined || input.infix !== undefined || input.last_name !== undefined) {
      const [row] = await tx
        .select({ name: users.name, infix: users.infix, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      if (row) {
        await tx
          .update(cases)
          .set({ clientName: getDisplayName({ name: row.name, infix: row.infix, last_name: row.lastName }) })
          .where(eq(cases.clientId, userId));
      }
    }
    await applyClientEvent(tx, { clientId: userId, event: { type: 'data-updated' }, actorId: userId, now });
    if (input.availability !== undefined) {
      await tx.delete(availability).where(eq(availability.userId, userId));
      const complete = input.availability.filter((d) => d.start_time && d.end_time);
      if (complete.length > 0) {
        await tx.insert(availability).values(
          complete.map((d) => ({
            userId,
            day: d.day,
            startTime: d.start_time as string,
            endTime: d.end_time as string,
          })),
        );
      }
    }
  });
}
