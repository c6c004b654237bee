import http from 'node:http';

export type SseEvent = { id: string | undefined; event: string; data: string };

export type EventStream = {
  status: number;
  /** The response headers of the stream. */
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  /** Resolves with the first event of `type` (matching `where`) not yet taken by an earlier call. */
  next: (type: string, where?: (data: unknown) => boolean, timeoutMs?: number) => Promise<SseEvent & { json: unknown }>;
  /** Resolves when `count` comment lines have arrived. */
  waitForComments: (count: number, timeoutMs?: number) => Promise<void>;
  /** Whether the server has ended the stream. */
  readonly isEnded: boolean;
  /** Resolves when the server ends the stream; fails after `timeoutMs`. */
  ended: (timeoutMs?: number) => Promise<void>;
  close: () => void;
};

/**
 * A small server-sent-events reader over node:http for tests and the bench; with `onEvent` events are handed over
 * instead of kept.
 */
export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
  onEvent?: (event: SseEvent) => void,
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const events: SseEvent[] = [];
      const taken = new Set<SseEvent>();
      const waiters = new Set<() => void>();
      let buffer = '';
      let isEnded = false;
      const stream: EventStream = {
        get isEnded() {
          return isEnded;
        },
        ended: (timeoutMs = 5_000) =>
          new Promise((done, fail) => {
            const check = () => {
              if (!isEnded) return false;
              waiters.delete(check);
              clearTimeout(timer);
              done();
              return true;
            };
            const timer = setTimeout(
              () => fail(new Error(`the stream was not ended within ${timeoutMs} ms`)),
              timeoutMs,
            );
            if (!check()) waiters.add(check);
          }),
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments: 0,
        next: (type, where = () => true, timeoutMs = 5_000) =>
          new Promise((done, fail) => {
            const check = () => {
              const found = events.find((e) => !taken.has(e) && e.event === type && where(JSON.parse(e.data)));
              if (!found) return false;
              taken.add(found);
              waiters.delete(check);
              clearTimeout(timer);
              done({ ...found, json: JSON.parse(found.data) });
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `no "${type}" event within ${timeoutMs} ms; ` +
                    `got ${events.map((e) => e.event).join(', ') || 'nothing'}`,
                ),
              );
            }, timeoutMs);
            if (!check()) waiters.add(check);
          }),
        waitForComments: (count, timeoutMs = 5_000) =>
          new Promise((done, fail) => {
            const check = () => {
              if (stream.comments < count) return false;
              waiters.delete(check);
              clearTimeout(timer);
              done();
              return true;
            };
            const timer = setTimeout(() => fail(new Error(`only ${stream.comments} comments`)), timeoutMs);
            if (!check()) waiters.add(check);
          }),
        close: () => {
          request.destroy();
        },
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          let event = 'message';
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) stream.comments++;
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) {
              event = line.slice(7);
              isEvent = true;
            } else if (line.startsWith('data: ')) {
              data.push(line.slice(6));
              isEvent = true;
            }
          }
          if (isEvent) {
            const parsed = { id, event, data: data.join('\n') };
            if (onEvent) onEvent(parsed);
            else events.push(parsed);
          }
        }
        for (const waiter of [...waiters]) waiter();
      });
      const onEnd = () => {
        isEnded = true;
        for (const waiter of [...waiters]) waiter();
      };
      response.on('end', onEnd);
      response.on('close', onEnd);
      response.on('error', () => undefined);
      resolve(stream);
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}
