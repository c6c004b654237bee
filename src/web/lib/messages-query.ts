import {
  infiniteQueryOptions,
  queryOptions,
  useQuery,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { MessagePageSchema, UnreadCountsResponseSchema, type Message, type MessagePage } from '../../contract/messages';
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

type Conversation = InfiniteData<MessagePage, string | null>;

/** True when the conversation on screen already holds this message. */
export function conversationHas(queryClient: QueryClient, caseId: string, messageId: string): boolean {
  const conversation = queryClient.getQueryData<Conversation>(messageQueryKeys.conversation(caseId));
  return Boolean(conversation?.pages.some((page) => page.data.some((message) => message.id === messageId)));
}

/**
 * Puts a message the user just sent (the answer of its POST) at the top of the conversation, so
 * it shows without reading the conversation again; its live event then finds it there and reads
 * nothing either (lib/live-events.ts). A conversation not loaded stays so.
 */
export function addToConversation(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<Conversation>(messageQueryKeys.conversation(message.case_id), (old) => {
    if (!old || conversationHas(queryClient, message.case_id, message.id)) return old;
    const [first, ...rest] = old.pages;
    if (!first) return old;
    return { ...old, pages: [{ ...first, data: [message, ...first.data] }, ...rest] };
  });
}
