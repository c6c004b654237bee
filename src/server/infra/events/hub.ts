import type { LiveEventType } from '../../../contract/messages';

/** One event as it travels between instances: who gets it, and what. */
export type LiveEvent = { id: string; type: LiveEventType; userIds: string[]; data: unknown };

export type StreamConnection = {
  userId: string;
  /** The session (token) the stream was opened with: a stream lives no longer than its session. */
  tokenId: string;
  /** Writes one chunk of the stream; the connection ends itself when the client cannot keep up. */
  send: (chunk: string) => void;
  /** Closes the stream (the app then asks for a new ticket, which a revoked session cannot get). */
  end: () => void;
};

/**
 * Sessions that ended (logout, an account switched off, an e-mail change): the streams of
 * `userId` opened with one of `tokenIds`, or with any token but `exceptTokenId`, or all of them.
 */
export type SessionsEnded = { userId: string; tokenIds?: string[]; exceptTokenId?: string };

type Buffered = { event: LiveEvent; frame: string; at: number };

/** `id:`, `event:` and `data:` lines of one server-sent event (JSON has no raw newlines). */
export const formatEvent = (event: Pick<LiveEvent, 'id' | 'type' | 'data'>) =>
  `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

/**
 * The connected streams of this instance, by user, and a small replay window of recent
 * events (by arrival order, which Redis pub/sub keeps the same on every instance), so a
 * client that reconnects with `Last-Event-ID` misses nothing.
 */
export class EventHub {
  private readonly byUser = new Map<string, Set<StreamConnection>>();
  private readonly recent: Buffered[] = [];
  private count = 0;

  constructor(private readonly window = { maxEvents: 5_000, maxAgeMs: 5 * 60_000 }) {}

  get connections(): number {
    return this.count;
  }

  add(connection: StreamConnection): void {
    let set = this.byUser.get(connection.userId);
    if (!set) this.byUser.set(connection.userId, (set = new Set()));
    if (!set.has(connection)) this.count++;
    set.add(connection);
  }

  remove(connection: StreamConnection): void {
    const set = this.byUser.get(connection.userId);
    if (!set?.delete(connection)) return;
    this.count--;
    if (set.size === 0) this.byUser.delete(connection.userId);
  }

  /** Every connection of this instance (heartbeats, shutdown). */
  *all(): Iterable<StreamConnection> {
    for (const set of this.byUser.values()) yield* set;
  }

  /** Ends the streams of sessions that ended; how many were open here. */
  endSessions(ended: SessionsEnded): number {
    const set = this.byUser.get(ended.userId);
    if (!set) return 0;
    const matching = [...set].filter((c) =>
      ended.tokenIds ? ended.tokenIds.includes(c.tokenId) : c.tokenId !== ended.exceptTokenId,
    );
    for (const connection of matching) connection.end();
    return matching.length;
  }

  deliver(event: LiveEvent): void {
    const frame = formatEvent(event);
    const now = Date.now();
    this.recent.push({ event, frame, at: now });
    while (
      this.recent.length > this.window.maxEvents ||
      (this.recent[0] && now - this.recent[0].at > this.window.maxAgeMs)
    )
      this.recent.shift();
    for (const userId of new Set(event.userIds)) {
      const set = this.byUser.get(userId);
      if (set) for (const connection of [...set]) connection.send(frame);
    }
  }

  /**
   * The frames for `userId` that arrived after the event `lastEventId`, or null when that
   * event is no longer (or never was) in the window: the client must then refetch.
   */
  replay(lastEventId: string, userId: string): string[] | null {
    const index = this.recent.findIndex((b) => b.event.id === lastEventId);
    if (index < 0) return null;
    return this.recent.slice(index + 1).flatMap((b) => (b.event.userIds.includes(userId) ? [b.frame] : []));
  }
}
