import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UserResponseSchema, type User } from '../../contract/users';
import { api } from './api';
import { selectSettings, session, useSession } from './app-session';
import { userQueryKeys } from './user';

/**
 * Stores the language chosen in the app on the user (PATCH /api/user {language}), so mails are
 * written in it. Only a language the user picked here counts; without a choice the server's stays.
 */
export function useStoreLanguageOnServer(user: User | undefined) {
  const chosen = useSession(selectSettings).language;
  const queryClient = useQueryClient();
  const stored = user?.language;
  useEffect(() => {
    if (!chosen || !stored || chosen === stored) return;
    let cancelled = false;
    api
      .patch('/api/user', { language: chosen }, UserResponseSchema)
      .then(({ data }) => {
        if (cancelled) return;
        queryClient.setQueryData(userQueryKeys.current, data);
        session.dispatch({ type: 'updateUser', user: data });
      })
      .catch(() => {
        // Tried again on the next change or page load; mails stay in the stored language meanwhile.
      });
    return () => {
      cancelled = true;
    };
  }, [chosen, stored, queryClient]);
}
