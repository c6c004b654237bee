import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent along with a mail (the fourteen-day letter's PDF). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

/**
 * `icalEvent`: a calendar invite (text/calendar with its METHOD) that nodemailer adds as an alternative and an
 * attachment. `attachments`: files the mail carries.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  icalEvent?: { method: string; filename: string; content: string };
  attachments?: MailAttachment[];
};

/** Hands one message to the mail system; `send` throws when it was not accepted. `close` ends open connections. */
export type Transport = { send: (message: MailMessage) => Promise<void>; close?: () => void };

/**
 * An SMTP error carries the reply code (4xx temporary, 5xx permanent) in `responseCode`.
 * Connections are pooled (up to 5, one per lane of the outbox worker, each used for at most 100
 * mails): a burst of mail does not open a connection and greet the server per message. The pool
 * is made on the first send and ended by `close` (the worker's stop); a send after that makes a
 * new one. Settings in SMTP_URL's query string (`?pool=false`, `maxConnections=…`) win.
 */
export function smtpTransport(smtpUrl: string, from: string): Transport {
  const url = new URL(smtpUrl);
  for (const [name, value] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '30000'],
    ['pool', 'true'],
    ['maxConnections', '5'],
    ['maxMessages', '100'],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  let transporter: ReturnType<typeof nodemailer.createTransport> | null = null;
  return {
    send: async (message) => {
      transporter ??= nodemailer.createTransport(url.toString());
      await transporter.sendMail({ from, ...message });
    },
    close: () => {
      transporter?.close();
      transporter = null;
    },
  };
}

/**
 * Without SMTP_URL: every message goes to the log and to an .eml file under DATA_DIR/outbox,
 * so a newcomer can log in. This is the only place a code may appear in a log.
 */
export function fileTransport(dataDir: string, from: string, log: (text: string) => void): Transport {
  const outbox = path.join(dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const send = async (message: MailMessage) => {
    const info = await transporter.sendMail({ from, ...message });
    mkdirSync(outbox, { recursive: true });
    const file = path.join(
      outbox,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    // Written under a temporary name and renamed when complete: a full disk leaves no empty .eml.
    const partial = `${file}.part`;
    try {
      writeFileSync(partial, info.message as Buffer, { mode: 0o600 });
      renameSync(partial, file);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    log(
      `\n--- development mail to ${message.to} (${file}) ` +
        `---\nSubject: ${message.subject}\n\n${message.text}\n--- end of mail ---\n`,
    );
  };
  return { send };
}
