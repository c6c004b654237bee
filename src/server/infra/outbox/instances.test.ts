import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { testConfig } from '../config/config';
import { openPostgres, type Database, type Db } from '../db/client';
import { ensureCatalogue } from '../db/catalogue';
import { systemClock } from '../lib/clock';
import { diskStorage } from '../storage/storage';
import { createScratchDatabase } from '../testing/scratch-database';
import { startSmtpPeer, type SmtpPeer } from '../testing/smtp-peer';
import { createUser } from '../../users/create';
import { enqueueMail } from './outbox';
import { smtpTransport } from './transport';
import { createOutboxWorker, mailSite, type OutboxWorker } from './worker';

/** Two server instances, each with its own pool and worker, on one PostgreSQL database. */
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let smtp: SmtpPeer;
  let dataDir: string;
  const instances: { database: Database; app: FastifyInstance; worker: OutboxWorker }[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL as string, 'portal_outbox');
    smtp = await startSmtpPeer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-instances-'));
    const config = testConfig({ dataDir, smtpUrl: smtp.url, rateLimitPerMinute: 0, mailDigestMs: 0 });
    const clock = systemClock;
    for (let i = 0; i < 2; i++) {
      const database = await openPostgres(scratch.url, { max: 10 });
      if (i === 0) await ensureCatalogue(database.db);
      const app = await buildApp({
        config,
        database,
        clock,
        storage: diskStorage(path.join(dataDir, 'files')),
        webRoot: null,
      });
      const worker = createOutboxWorker({
        db: database.db,
        listen: database.listen,
        clock,
        transport: smtpTransport(smtp.url, config.mailFrom),
        site: mailSite(config),
        secret: config.appSecret,
        digestMs: 0,
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
        pollMs: 200,
        batchSize: 10,
      });
      await worker.start();
      instances.push({ database, app, worker });
    }
  });
  afterAll(async () => {
    for (const { app, worker, database } of instances) {
      await app.close();
      await worker.stop();
      await database.close();
    }
    await smtp.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends each mail once while both workers share the outbox', async () => {
    const [a, b] = instances;
    const addresses: string[] = [];
    // 40 login codes requested through both instances, 160 mails written by both.
    for (let i = 0; i < 40; i++) {
      const email = `twin-code-${i}@example.com`;
      await createUser(a!.database.db, { role: 'client', email, name: `C${i}`, lastName: 'Twee' });
      addresses.push(email);
    }
    const codeResponses = await Promise.all(
      addresses.map((email, i) =>
        (i % 2 ? a! : b!).app.inject({ method: 'POST', url: '/api/code', payload: { email } }),
      ),
    );
    expect(codeResponses.every((r) => r.statusCode === 200)).toBe(true);
    await Promise.all(
      Array.from({ length: 160 }, (_, i) => {
        const address = `twin-${i}@example.com`;
        addresses.push(address);
        return enqueueMail((i % 2 ? a! : b!).database.db as Db, {
          kind: 'intake_ready',
          to: { address },
          payload: {},
          now: new Date(),
        });
      }),
    );
    await Promise.all(addresses.map((address) => smtp.waitForMail(address, { timeoutMs: 60_000 })));
    await Promise.all(instances.map((i) => i.worker.drain()));
    expect(smtp.messages).toHaveLength(200);
    const perAddress = new Map<string, number>();
    for (const message of smtp.messages) for (const to of message.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(perAddress.size).toBe(200);
  });
});
