import { queryOptions } from '@tanstack/react-query';
import { UserResponseSchema, type User } from '../../contract/users';
import { api } from './api';

/** GET /api/user; `token` is given right after login, before the session holds it. */
export async function getCurrentUser(token?: string): Promise<User> {
  const response = await api.request('/api/user', { schema: UserResponseSchema, token });
  return response.data;
}

export const userQueryKeys = { current: ['user', 'current'] as const };

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: userQueryKeys.current, queryFn: () => getCurrentUser() });
}
