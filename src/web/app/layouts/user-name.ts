import { getDisplayName } from '../../../contract/rules/display-name';
import type { User } from '../../../contract/users';

/** The full name as the server gives it, else the display name of its parts ('Onbekend'). */
export function getUserName(user: Pick<User, 'full_name' | 'name' | 'infix' | 'last_name'>): string {
  return user.full_name.trim() || getDisplayName(user);
}
