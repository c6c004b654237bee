import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

/** `receivedAt`: when the peer accepted the message (Date.now(), for latency figures). */
/**
 * `headers`: each header's (last) value by its lower-case name. `calendars`: the text/calendar parts (invites), as
 * sent; `attachments`: every other attached file.
 */
export type CaughtMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  receivedAt: number;
  calendars: string[];
  /** The other attachments (not calendars), as received. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

export type SmtpPeer = {
  url: string;
  messages: CaughtMail[];
  /** The first mail to `address` after the first `since` messages (and, given `matching`, one it accepts). */
  waitForMail: (
    address: string,
    options?: { timeoutMs?: number; since?: number; matching?: (mail: CaughtMail) => boolean },
  ) => Promise<CaughtMail>;
  /** Goes down: the port refuses connections until `start()` listens on it again (fault tests). */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Answers every recipient with this SMTP reply code (4xx temporary, 5xx permanent) until set to null. */
  failWith: (code: number | null) => void;
  /** How many SMTP connections clients have opened so far. */
  connections: () => number;
  close: () => Promise<void>;
};

/** A real SMTP peer on loopback (the `smtp-server` package) that keeps every message it receives. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const messages: CaughtMail[] = [];
  const listeners = new Set<() => void>();
  let failure: number | null = null;
  let connections = 0;
  const makeServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onRcptTo(_address, _session, callback) {
        if (failure === null) return callback();
        const error = Object.assign(new Error(failure >= 500 ? 'Mailbox unavailable' : 'Try again later'), {
          responseCode: failure,
        });
        callback(error);
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            messages.push({
              // Just before the peer answers 250 (accepted).
              receivedAt: Date.now(),
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers: Object.fromEntries(
                parsed.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()]),
              ),
              calendars: parsed.attachments
                .filter((a) => a.contentType.startsWith('text/calendar'))
                .map((a) => a.content.toString('utf8')),
              attachments: parsed.attachments
                .filter((a) => !a.contentType.startsWith('text/calendar'))
                .map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
            });
            for (const listener of listeners) listener();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  let server: SMTPServer | null = makeServer();
  const first = server;
  await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
  const { port } = first.server.address() as AddressInfo;
  const stop = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  const waitForMail: SmtpPeer['waitForMail'] = (address, options = {}) => {
    const wanted = address.toLowerCase();
    const since = options.since ?? 0;
    const matching = options.matching ?? (() => true);
    const find = () => messages.slice(since).find((m) => m.to.includes(wanted) && matching(m));
    return new Promise((resolve, reject) => {
      const found = find();
      if (found) return resolve(found);
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`No mail to ${address} within ${options.timeoutMs ?? 20_000} ms`));
      }, options.timeoutMs ?? 20_000);
      function check() {
        const message = find();
        if (!message) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(message);
      }
      listeners.add(check);
    });
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    stop,
    start: async () => {
      if (server) return;
      const next = makeServer();
      await new Promise<void>((resolve, reject) => {
        next.server.once('error', reject);
        next.listen(port, '127.0.0.1', () => resolve());
      });
      server = next;
    },
    failWith: (code) => {
      failure = code;
    },
    connections: () => connections,
    close: stop,
  };
}

/** The login code is alone on a line of the text part. */
const LOGIN_CODE_LINE = /^\s*([A-HJ-NP-Z2-9]{6})\s*$/m;

/** Whether a mail carries a login code (another mail to the same person may arrive first). */
export const hasLoginCode = (mail: CaughtMail): boolean => LOGIN_CODE_LINE.test(mail.text);

export function extractLoginCode(mail: CaughtMail): string {
  const match = LOGIN_CODE_LINE.exec(mail.text);
  if (!match?.[1]) throw new Error(`No login code in mail: ${mail.text}`);
  return match[1];
}
