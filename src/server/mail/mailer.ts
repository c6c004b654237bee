import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type MailMessage = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  /** Queues a message; it is sent after the request that triggered it, never inside it. */
  enqueue: (message: MailMessage) => void;
  /** Resolves when every queued message has been handled (tests, shutdown). */
  drain: () => Promise<void>;
};

type Transport = (message: MailMessage) => Promise<void>;

export function smtpTransport(smtpUrl: string, from: string): Transport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return async (message) => {
    await transporter.sendMail({ from, ...message });
  };
}

/**
 * Without SMTP_URL: every message goes to the log and to an .eml file under DATA_DIR/outbox,
 * so a newcomer can log in. This is the only place a code may appear in a log.
 */
export function outboxTransport(dataDir: string, from: string, log: (text: string) => void): Transport {
  const outbox = path.join(dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (message) => {
    const info = await transporter.sendMail({ from, ...message });
    mkdirSync(outbox, { recursive: true });
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
    writeFileSync(file, info.message as Buffer, { mode: 0o600 });
    log(`\n--- development mail to ${message.to} (${file}) ---\nSubject: ${message.subject}\n\n${message.text}\n--- end of mail ---\n`);
  };
}

export function createMailer(transport: Transport, logger: Pick<FastifyBaseLogger, 'error' | 'info'>): Mailer {
  const pending = new Set<Promise<void>>();
  const send = async (message: MailMessage) => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      try {
        await transport(message);
        return;
      } catch (error) {
        if (attempt === 3) logger.error({ err: { message: (error as Error).message }, subject: message.subject }, 'mail could not be sent');
        else await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  };
  return {
    enqueue(message) {
      const job = new Promise<void>((resolve) => setImmediate(resolve)).then(() => send(message));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    async drain() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
