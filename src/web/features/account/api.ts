import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorResponseSchema, UNAUTHENTICATED_MESSAGE, ValidationErrorResponseSchema } from '../../../contract/errors';
import { QuestionListResponseSchema, type AnswersRequest } from '../../../contract/questions';
import { UserResponseSchema, type UpdateUserRequest, type User } from '../../../contract/users';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
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

/** PATCH /api/user. */
export function useUpdateUser() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: async (body: UpdateUserRequest) => (await api.patch('/api/user', body, UserResponseSchema)).data,
    onSuccess: storeUser,
  });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** POST /api/user/avatar (multipart field `avatar`); the server checks the content and answers the user. */
async function uploadAvatar(file: File): Promise<User> {
  const token = session.getState().auth.token;
  const body = new FormData();
  body.append('avatar', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/user/avatar', { method: 'POST', body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError('server', { status: 0 });
  }
  const json = await readJson(response);
  if (response.ok) {
    const parsed = UserResponseSchema.safeParse(json);
    if (!parsed.success) throw new ApiError('invalid-response', { status: response.status });
    return parsed.data.data;
  }
  const serverMessage = ErrorResponseSchema.safeParse(json).data?.message ?? null;
  if (response.status === 401) {
    if (token) session.dispatch({ type: 'logout' });
    throw new ApiError('unauthenticated', { status: 401, serverMessage: serverMessage ?? UNAUTHENTICATED_MESSAGE });
  }
  if (response.status === 422) {
    const validation = ValidationErrorResponseSchema.safeParse(json);
    throw new ApiError('validation', { status: 422, serverMessage, fieldErrors: validation.success ? validation.data.errors : {} });
  }
  throw new ApiError('server', { status: response.status, serverMessage });
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
    mutationFn: async (body: AnswersRequest) => (await api.post('/api/lawyer-questions/answers', body, QuestionListResponseSchema)).data,
    onSuccess: (data) => queryClient.setQueryData(accountQueryKeys.lawyerQuestions, data),
  });
}
