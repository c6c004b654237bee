import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { FeedbackListResponseSchema, FeedbackResponseSchema } from '../../../contract/feedback';
import { hasMorePages } from '../../../contract/rules/feedback-preview';
import { api } from '../../lib/api';

export const feedbackQueryKeys = {
  all: ['feedbacks'] as const,
  received: ['feedbacks', 'received'] as const,
};

/** GET /api/feedbacks/received, page by page ('load more' until the last page). */
export function receivedFeedbackQueryOptions() {
  return infiniteQueryOptions({
    queryKey: feedbackQueryKeys.received,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/feedbacks/received?page=${pageParam}`, FeedbackListResponseSchema, signal),
    getNextPageParam: (last) => (hasMorePages(last.meta) ? last.meta.current_page + 1 : undefined),
  });
}

export const useReceivedFeedback = () => useInfiniteQuery(receivedFeedbackQueryOptions());

/** POST /api/feedbacks/{id}/mark-as-read; the lists (and the dashboard's latest) are refetched. */
export function useMarkFeedbackAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post(`/api/feedbacks/${id}/mark-as-read`, undefined, FeedbackResponseSchema)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackQueryKeys.all }),
  });
}
