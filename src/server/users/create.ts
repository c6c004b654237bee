import type { Db } from '../infra/db/client';
import { users } from '../infra/db/schema';
import { AppError } from '../infra/errors/errors';

export type NewUser = {
  role: 'client' | 'lawyer' | 'admin';
  email: string;
  name: string;
  infix?: string | null;
  lastName: string;
  title?: string | null;
  phoneNumber?: string | null;
  street?: string | null;
  houseNumber?: string | null;
  postcode?: string | null;
  city?: string | null;
  quote?: string | null;
};

export async function createUser(db: Db, input: NewUser): Promise<string> {
  const rows = await db
    .insert(users)
    .values({ ...input, email: input.email.trim().toLowerCase() })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const row = rows[0];
  if (!row) throw new AppError('conflict', 'errors.admin.emailTaken');
  return row.id;
}
