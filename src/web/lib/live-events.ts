import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  EventTicketResponseSchema,
  LiveEventSchemas,
  type LiveEventData,
  type LiveEventType,
  type UnreadCounts,
} from '../../contract/messages';
import { afterNextFrame } from './after-next-frame';
import { api } from './api';
import { isFirstPageData } from './first-page';
import { conversationHas, messageQueryKeys } from './messages-query';
import { refetchAfterChange } from './refetch-after-change';

/** While the stream cannot be held, the screens refetch this often instead. */
export const POLL_INTERVAL_MS = 30_000;
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

type Listener<T extends LiveEventType> = (data: LiveEventData<T>) => void;
const listeners = new Map<LiveEventType, Set<Listener<never>>>();

/** Calls `listener` for every live event of `type` while the component is mounted. */
export function useLiveEvent<T extends LiveEventType>(type: T, listener: Listener<T>): void {
  useEffect(() => {
    let set = listeners.get(type);
    if (!set) listeners.set(type, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => void set.delete(listener as Listener<never>);
  }, [type, listener]);
}

function emit<T extends LiveEventType>(type: T, data: LiveEventData<T>): void {
  for (const listener of listeners.get(type) ?? []) (listener as Listener<T>)(data);
}

/** True when the key belongs to this case (it holds the case id somewhere). */
const touchesCase = (key: readonly unknown[], caseId: string) => key.some((part) => part === caseId);

/**
 * What every event does to the cached data, so every screen refreshes without knowing the
 * stream: messages refetch their conversation, unread counts are written in place, case
 * changes refetch the case's queries and the lists; a resync refetches everything on screen,
 * or, given `freshSince` (the first stream of the page), only what was loaded before it
 * (decision 022).
 */
export function applyLiveEvent(
  queryClient: QueryClient,
  type: LiveEventType,
  data: unknown,
  options: { freshSince?: number } = {},
): void {
  switch (type) {
    case 'message': {
      const message = data as LiveEventData<'message'>;
      // Our own message, already put on screen from its POST's answer (addToConversation).
      if (conversationHas(queryClient, message.case_id, message.id)) break;
      void refetchAfterChange(queryClient, { queryKey: messageQueryKeys.conversation(message.case_id) });
      break;
    }
    case 'message_deleted':
    case 'messages_read': {
      const caseId = (data as { case_id: string }).case_id;
      void refetchAfterChange(queryClient, { queryKey: messageQueryKeys.conversation(caseId) });
      break;
    }
    case 'unread': {
      const { case_id, count } = data as LiveEventData<'unread'>;
      // A read in flight may have read the counts before this event: written in place, its answer
      // would undo the count. Read them again once it ends (or at once, for a refetch) instead.
      if (queryClient.isFetching({ queryKey: messageQueryKeys.unread, exact: true }) > 0) {
        void refetchAfterChange(queryClient, { queryKey: messageQueryKeys.unread, exact: true });
        break;
      }
      queryClient.setQueryData<UnreadCounts>(messageQueryKeys.unread, (old) => {
        if (!old) return old;
        const known = old.data.find((row) => row.case_id === case_id);
        // A case not in the list yet needs its name: refetch instead.
        if (!known && count > 0) {
          void queryClient.invalidateQueries({ queryKey: messageQueryKeys.unread });
          return old;
        }
        const rows = old.data.flatMap((row) =>
          row.case_id !== case_id ? [row] : count > 0 ? [{ ...row, count }] : [],
        );
        return { data: rows, total: rows.reduce((sum, row) => sum + row.count, 0) };
      });
      break;
    }
    case 'case_changed': {
      const caseId = (data as LiveEventData<'case_changed'>).case_id;
      void refetchAfterChange(queryClient, {
        predicate: (query) =>
          query.queryKey[0] === 'cases' || (touchesCase(query.queryKey, caseId) && query.queryKey[0] !== 'messages'),
      });
      break;
    }
    case 'ready': {
      if ((data as LiveEventData<'ready'>).resumed) break;
      const { freshSince } = options;
      // A fetch in flight is left to end, not cancelled and started again: it may be a further page
      // the reader asked for ('Meer laden'), which a refetch of the pages already shown would lose.
      if (freshSince === undefined) void queryClient.invalidateQueries(undefined, KEEP_FETCHES);
      else
        void queryClient.invalidateQueries(
          { predicate: (query) => query.state.dataUpdatedAt < freshSince && !isFirstPageData(query) },
          KEEP_FETCHES,
        );
      break;
    }
  }
}

/** The refetches of everything on screen (a stream ready, the polling fallback) let fetches in flight end. */
const KEEP_FETCHES = { cancelRefetch: false } as const;

/** Stops the live stream of this tab, if one runs (set by `useLiveEventStream`). */
let stopCurrentStream: (() => void) | undefined;

/**
 * Stops this tab's live stream before its token is revoked (the logout): a ticket already
 * fetched would otherwise open GET /api/events after the logout and meet a 401.
 */
export function stopLiveEventStream(): void {
  stopCurrentStream?.();
}

/** How long after the first frame of a page its live stream asks for a ticket. */
export const STREAM_START_DELAY_MS = 500;

/**
 * Holds the live stream of the signed-in user: asks for a single-use ticket with the bearer
 * token (never put in the URL), opens GET /api/events, and on any error reconnects with a new
 * ticket, passing the last event id so missed events are replayed. Until it is connected
 * again, the screens are refetched every 30 s (polling fallback).
 */
export function useLiveEventStream(queryClient: QueryClient, token: string | null): void {
  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let stopped = false;
    let failures = 0;
    let connected = false;
    let lastEventId: string | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const poll = setInterval(() => {
      if (!connected) void queryClient.invalidateQueries(undefined, KEEP_FETCHES);
    }, POLL_INTERVAL_MS);

    const reconnect = () => {
      connected = false;
      source?.close();
      source = null;
      if (stopped) return;
      const delay = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)] ?? 30_000;
      failures++;
      retry = setTimeout(() => void connect(), delay);
    };

    // The page's first data loads while its first stream opens: what arrives after the ticket was
    // asked for is kept when that stream is ready; a later reconnect refetches everything.
    let everConnected = false;
    const connect = async () => {
      const requestedAt = Date.now();
      try {
        const { ticket } = await api.post('/api/events/ticket', undefined, EventTicketResponseSchema);
        if (stopped) return;
        const query = new URLSearchParams({ ticket });
        if (lastEventId) query.set('last_event_id', lastEventId);
        const next = new EventSource(`/api/events?${query.toString()}`);
        source = next;
        for (const type of Object.keys(LiveEventSchemas) as LiveEventType[]) {
          next.addEventListener(type, (event: MessageEvent<string>) => {
            if (event.lastEventId) lastEventId = event.lastEventId;
            let parsed: unknown;
            try {
              parsed = LiveEventSchemas[type].parse(JSON.parse(event.data));
            } catch {
              return;
            }
            const first = type === 'ready' && !everConnected;
            if (type === 'ready') {
              connected = true;
              everConnected = true;
              failures = 0;
            }
            applyLiveEvent(queryClient, type, parsed, first ? { freshSince: requestedAt } : {});
            emit(type, parsed as never);
          });
        }
        // The server ends a stream after a while and the ticket is spent: always reconnect ourselves.
        next.onerror = reconnect;
      } catch {
        // A 401 ends the session through the api client; anything else is retried.
        reconnect();
      }
    };

    // The first ticket is asked for a moment after the page's first frame: on a slow phone line every request made
    // before the page is on screen delays it, and a frame reaches the screen some time after the main thread made it
    // (longer on a busy phone). What changes meanwhile arrives with the stream's first events or at the next refetch.
    const cancelStart = afterNextFrame(() => void connect(), STREAM_START_DELAY_MS);
    const stop = () => {
      stopped = true;
      cancelStart();
      clearInterval(poll);
      clearTimeout(retry);
      source?.close();
    };
    stopCurrentStream = stop;
    return () => {
      if (stopCurrentStream === stop) stopCurrentStream = undefined;
      stop();
    };
  }, [queryClient, token]);
}
