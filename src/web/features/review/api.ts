import { queryOptions, useQuery } from '@tanstack/react-query';
import { StepperResponseSchema } from '../../../contract/stepper';
import { api } from '../../lib/api';

export const reviewQueryKeys = {
  stepper: (caseId: string) => ['cases', caseId, 'status-stepper', 'review'] as const,
};

/** Whether this case has feedback, read from the stepper response. */
export function hasFeedbackQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: reviewQueryKeys.stepper(caseId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/cases/${caseId}/status-stepper`, StepperResponseSchema, signal)).data.feedback,
  });
}

export const useHasFeedback = (caseId: string | undefined) =>
  useQuery({ ...hasFeedbackQueryOptions(caseId ?? ''), enabled: Boolean(caseId) });
