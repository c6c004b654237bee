import path from 'node:path';
import pino from 'pino';
import type { Config } from './config/config';
import { openDatabase, type Database } from './db/client';
import { ensureCatalogue } from './db/catalogue';
import { createMailer, outboxTransport, smtpTransport, type Mailer } from './mail/mailer';
import { diskStorage, type Storage } from './storage/storage';
import { systemClock, type Clock } from './lib/clock';

export type Runtime = { config: Config; database: Database; mailer: Mailer; storage: Storage; clock: Clock; logger: pino.Logger };

/** Everything the server and the CLI share: database (migrated, catalogue present), mail, storage, clock. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  await ensureCatalogue(database.db);
  const transport = config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : outboxTransport(config.dataDir, config.mailFrom, (text) => process.stdout.write(text));
  const mailer = createMailer(transport, logger);
  const storage = diskStorage(path.join(config.dataDir, 'files'));
  return { config, database, mailer, storage, clock: systemClock, logger };
}
