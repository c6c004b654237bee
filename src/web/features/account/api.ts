import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QuestionListResponseSchema, type AnswersRequest } from '../../../contract/questions';
import { z } from 'zod';
import {
  EmailChangeRequestedResponseSchema,
  UserResponseSchema,
  type UpdateUserRequest,
  type User,
} from '../../../contract/users';
import {
  MailPreferencesResponseSchema,
  type MailPreferences,
  type UpdateMailPreferencesRequest,
} from '../../../contract/notifications';
import { api } from '../../lib/api';
import { session } from '../../lib/app-session';
import { currentUserQueryOptions, userQueryKeys } from '../../lib/user';

export const accountQueryKeys = {
  lawyerQuestions: ['lawyerQuestions'] as const,
};

export function lawyerQuestionsQueryOptions() {
  return queryOptions({
    queryKey: accountQueryKeys.lawyerQuestions,
    queryFn: async ({ signal }) => (await api.get('/api/lawyer-questions', QuestionListResponseSchema, signal)).data,
  });
}

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
export const useLawyerQuestions = () => useQuery(lawyerQuestionsQueryOptions());

/** Keeps the fetched user and the session (the header's photo and name) in step with a saved user. */
function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: User) => {
    queryClient.setQueryData(userQueryKeys.current, user);
    session.dispatch({ type: 'updateUser', user });
  };
}

const UpdateUserAnswerSchema = z.union([EmailChangeRequestedResponseSchema, UserResponseSchema]);

/**
 * PATCH /api/user. A new e-mail address is not set yet: the server answers 202 and mails a
 * code to it (`emailChangeRequested`), which `useConfirmEmailChange` sends back.
 */
export function useUpdateUser() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async (body: UpdateUserRequest) => {
      const answer = await api.patch('/api/user', body, UpdateUserAnswerSchema);
      return { user: answer.data, emailChangeRequested: 'email_change_requested' in answer };
    },
    onSuccess: ({ user }) => storeUser(user),
  });
}

/** POST /api/user/email/confirm with the code mailed to the new address. */
export function useConfirmEmailChange() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async (code: string) => (await api.post('/api/user/email/confirm', { code }, UserResponseSchema)).data,
    onSuccess: storeUser,
  });
}

/** POST /api/user/avatar (multipart field `avatar`); the server checks the content and answers the user. */
async function uploadAvatar(file: File): Promise<User> {
  const body = new FormData();
  body.append('avatar', file, file.name);
  return (await api.request('/api/user/avatar', { method: 'POST', body, schema: UserResponseSchema })).data;
}

export function useUploadAvatar() {
  const storeUser = useStoreUser();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: storeUser });
}

/** DELETE /api/user/avatar. */
export function useDeleteAvatar() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async () => (await api.delete('/api/user/avatar', UserResponseSchema)).data,
    onSuccess: storeUser,
  });
}

/** POST /api/lawyer-questions/answers; the answer list comes back. */
export function useSaveLawyerAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AnswersRequest) =>
      (await api.post('/api/lawyer-questions/answers', body, QuestionListResponseSchema)).data,
    onSuccess: (data) => queryClient.setQueryData(accountQueryKeys.lawyerQuestions, data),
  });
}

export const mailPreferencesQueryKey = ['user', 'mailPreferences'] as const;

/** GET /api/user/mail-preferences: which optional mails the user receives. */
export function mailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: mailPreferencesQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get('/api/user/mail-preferences', MailPreferencesResponseSchema, signal)).data,
  });
}

export const useMailPreferences = () => useQuery(mailPreferencesQueryOptions());

/** PATCH /api/user/mail-preferences with the topics that changed. */
export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: UpdateMailPreferencesRequest) =>
      (await api.patch('/api/user/mail-preferences', change, MailPreferencesResponseSchema)).data,
    onSuccess: (preferences: MailPreferences) => queryClient.setQueryData(mailPreferencesQueryKey, preferences),
  });
}
