import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CaseClientViewResponseSchema, type UpdateCompanyRequest } from '../../../contract/cases';
import { ContactPersonListResponseSchema, type UpdateContactPersonsRequest } from '../../../contract/contact-persons';
import { QuestionListResponseSchema, type AnswersRequest } from '../../../contract/questions';
import { UserResponseSchema, type UpdateUserRequest } from '../../../contract/users';
import { api } from '../../lib/api';
import { session } from '../../lib/app-session';
import { currentUserQueryOptions, userQueryKeys } from '../../lib/user';
import { myCaseQueryKey } from '../../lib/my-case-query';

export const myStoryQueryKeys = {
  clientQuestions: ['client-questions'] as const,
};

/** GET /api/client-questions: the client's story questions with their answers. */
export function clientQuestionsQueryOptions() {
  return queryOptions({
    queryKey: myStoryQueryKeys.clientQuestions,
    queryFn: async ({ signal }) => (await api.get('/api/client-questions', QuestionListResponseSchema, signal)).data,
  });
}

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
export const useClientQuestions = () => useQuery(clientQuestionsQueryOptions());

/** PATCH /api/user; the session's user (header) follows at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateUserRequest) => (await api.patch('/api/user', body, UserResponseSchema)).data,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKeys.current, user);
      session.dispatch({ type: 'updateUser', user });
    },
  });
}

/** PATCH /api/cases/{id}: the ex-employer fields. */
export function useUpdateCompany(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCompanyRequest) =>
      (await api.patch(`/api/cases/${caseId}`, body, CaseClientViewResponseSchema)).data,
    onSuccess: (view) => queryClient.setQueryData(myCaseQueryKey, view),
  });
}

/** POST /api/cases/{id}/contact-persons: the whole list replaces the old one. */
export function useSaveContactPersons(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateContactPersonsRequest) =>
      api.post(`/api/cases/${caseId}/contact-persons`, body, ContactPersonListResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myCaseQueryKey }),
  });
}

/** POST /api/client-questions/answers. */
export function useSaveClientAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AnswersRequest) =>
      (await api.post('/api/client-questions/answers', body, QuestionListResponseSchema)).data,
    onSuccess: (questions) => queryClient.setQueryData(myStoryQueryKeys.clientQuestions, questions),
  });
}
