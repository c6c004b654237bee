import pino from 'pino';
import type { Config } from './infra/config/config';
import { openDatabase, type Database } from './infra/db/client';
import { ensureCatalogue } from './infra/db/catalogue';
import { eventSettingsOf, provideEventSettings } from './domain-events';
import { fileTransport, smtpTransport, type Transport } from './infra/outbox/transport';
import { createOutboxWorker, mailSite, type OutboxWorker } from './infra/outbox/worker';
import { MAIL_EXTRAS } from './mail-extras';
import type { Storage } from './infra/storage/storage';
import { openStorage } from './infra/storage/open';
import { systemClock, type Clock } from './infra/lib/clock';

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
