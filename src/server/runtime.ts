import pino from 'pino';
import type { Config } from './config/config';
import { openDatabase, type Database } from './db/client';
import { ensureCatalogue } from './db/catalogue';
import { eventSettingsOf, provideEventSettings } from './domain-events';
import { fileTransport, smtpTransport, type Transport } from './outbox/transport';
import { createOutboxWorker, mailSite, type OutboxWorker } from './outbox/worker';
import { MAIL_EXTRAS } from './mail-extras';
import type { Storage } from './storage/storage';
import { openStorage } from './storage/open';
import { systemClock, type Clock } from './lib/clock';

export type Runtime = {
  config: Config;
  database: Database;
  transport: Transport;
  outbox: OutboxWorker;
  storage: Storage;
  clock: Clock;
  logger: pino.Logger;
};

/**
 * Everything the server and the CLI share: database (migrated, catalogue present), mail outbox worker (not started),
 * storage, clock.
 */
export async function openRuntime(config: Config): Promise<Runtime> {
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  await ensureCatalogue(database.db);
  // The command line's changes read the same settings as the server's.
  provideEventSettings(database.db, eventSettingsOf(config));
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : fileTransport(config.dataDir, config.mailFrom, (text) => process.stdout.write(text));
  const outbox = createOutboxWorker({
    db: database.db,
    listen: database.listen,
    clock: systemClock,
    transport,
    site: mailSite(config),
    secret: config.appSecret,
    digestMs: config.mailDigestMs,
    logger,
    extras: MAIL_EXTRAS,
  });
  const storage = await openStorage(config);
  return { config, database, transport, outbox, storage, clock: systemClock, logger };
}
