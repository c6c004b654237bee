import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { MessagePageSchema, UnreadCountsResponseSchema } from '../../contract/messages';
import { api } from './api';

/** Messages and unread counts: shared by the chat, the menu badge, the case list and the dashboard. */
export const messageQueryKeys = {
  all: ['messages'] as const,
  conversation: (caseId: string) => ['messages', 'case', caseId] as const,
  unread: ['messages', 'unread'] as const,
};

/** GET /api/cases/{id}/messages, newest first, 30 a page; older pages through `before`. */
export function conversationQueryOptions(caseId: string) {
  return infiniteQueryOptions({
    queryKey: messageQueryKeys.conversation(caseId),
    queryFn: async ({ pageParam, signal }) => {
      const before = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
      return api.get(`/api/cases/${encodeURIComponent(caseId)}/messages${before}`, MessagePageSchema, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** GET /api/messages/unread: the signed-in user's unread messages per case. */
export function unreadQueryOptions() {
  return queryOptions({
    queryKey: messageQueryKeys.unread,
    queryFn: async ({ signal }) => api.get('/api/messages/unread', UnreadCountsResponseSchema, signal),
  });
}

export const useUnreadMessages = () => useQuery(unreadQueryOptions());
