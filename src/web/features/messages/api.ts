import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MarkReadResponseSchema, MessageResponseSchema, type Message } from '../../../contract/messages';
import { api } from '../../lib/api';
import { addToConversation, conversationQueryOptions, messageQueryKeys } from '../../lib/messages-query';

const casePath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}`;

export const useConversation = (caseId: string) => useInfiniteQuery(conversationQueryOptions(caseId));

/** Every message of the loaded pages, oldest first (the API pages newest first). */
export function oldestFirst(pages: readonly { data: readonly Message[] }[] | undefined): Message[] {
  return (pages ?? []).flatMap((page) => page.data).reverse();
}

/** POST /api/cases/{id}/messages: JSON `{text}`, or multipart `text` + `file` when a file is attached. */
export async function sendMessage(
  caseId: string,
  text: string,
  file: File | null,
  signal?: AbortSignal,
  onUploadProgress?: (fraction: number) => void,
): Promise<Message> {
  if (!file)
    return (
      await api.request(`${casePath(caseId)}/messages`, {
        method: 'POST',
        body: { text },
        schema: MessageResponseSchema,
        signal,
      })
    ).data;
  const form = new FormData();
  form.append('text', text);
  form.append('file', file);
  return (
    await api.request(`${casePath(caseId)}/messages`, {
      method: 'POST',
      body: form,
      schema: MessageResponseSchema,
      signal,
      ...(onUploadProgress ? { onUploadProgress } : {}),
    })
  ).data;
}

/**
 * Sends a message and puts the stored message on screen from the answer: no read of the
 * conversation follows, and its live event finds it there (the unread counts of the sender do not
 * change by their own message).
 */
export function useSendMessage(caseId: string) {
  const queryClient = useQueryClient();
  return async (text: string, file: File | null, signal?: AbortSignal, onProgress?: (fraction: number) => void) => {
    const message = await sendMessage(caseId, text, file, signal, onProgress);
    addToConversation(queryClient, message);
    return message;
  };
}

/** Refetches the conversation and the unread counts after a change of ours. */
export function useRefreshConversation(caseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: messageQueryKeys.conversation(caseId) }),
      queryClient.invalidateQueries({ queryKey: messageQueryKeys.unread }),
    ]);
}

export function useMarkRead(caseId: string) {
  const refresh = useRefreshConversation(caseId);
  return useMutation({
    mutationFn: async (upTo: string) =>
      api.post(`${casePath(caseId)}/messages/read`, { up_to: upTo }, MarkReadResponseSchema),
    onSuccess: refresh,
  });
}

export function useDeleteMessage(caseId: string) {
  const refresh = useRefreshConversation(caseId);
  return useMutation({
    mutationFn: async (id: string) => api.delete(`/api/messages/${encodeURIComponent(id)}`),
    onSettled: refresh,
  });
}
