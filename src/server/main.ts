import { buildApp } from './app';
import { ConfigError, loadConfig } from './infra/config/config';
import { DatabaseLockedError } from './infra/db/client';
import { DEMO_ADMIN, DEMO_CLIENT_EMAILS, DEMO_LAWYERS } from './demo/demo-accounts';
import { seedDemo } from './demo/seed-demo';
import { openRuntime } from './runtime';
import { settlementReminderJob } from './settlement/reminders';
import { settlementRedlineJob } from './settlement/redline-job';
import { startScheduler } from './infra/jobs/scheduler';
import { withEvents } from './domain-events';
import { retentionJob } from './archive/retention';
import { invoiceRemindersJob } from './invoices/reminders';
import { backupJob } from './backup/job';
import { lawyerAssignmentJob } from './offers/assignment';
import { unreadMessageMailJob } from './messages/mail';
import { todoReminderJob } from './stepper/todo-reminders';
import { outboxCleanupJob } from './infra/outbox/cleanup';
import { testOnlyRoutes } from './test-routes';
import { appointmentReminderJob } from './appointments/reminders';
import { dataExportJob } from './data-export/job';
import { insightWeeklyJob } from './insight/weekly-mail';
import { pushSenderJob } from './push/worker';
import { pushReminderJob } from './push/reminders';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await openRuntime(config);
  const { database, logger } = runtime;

  if (database.kind === 'pglite' && database.fresh && config.demoData) {
    await seedDemo(database.db, runtime.storage, runtime.clock.now(), config.site);
    process.stdout.write(
      [
        '',
        'Demo data seeded. Log in at the portal with one of these addresses:',
        `  lawyers: ${DEMO_LAWYERS.map((l) => l.email).join(', ')}`,
        `  clients: ${DEMO_CLIENT_EMAILS.join(', ')}`,
        `  admin (/beheer): ${DEMO_ADMIN.email}`,
        '  (staff set up a second factor, an authenticator app, at their first sign-in)',
        config.smtpUrl
          ? '  (codes are mailed through SMTP_URL)'
          : `  (without SMTP_URL the code mail is printed here and kept in ${config.dataDir}/outbox)`,
        '',
      ].join('\n'),
    );
  }

  const app = await buildApp({ ...runtime, extraRoutes: testOnlyRoutes });
  const stopJobs = startScheduler(
    database.db,
    [
      retentionJob(runtime.storage, () => runtime.clock.now(), 3_600_000, config.fileRetentionYears),
      // The server's own backups, only when the firm set BACKUP_DIR.
      ...(config.backup.dir
        ? [
            backupJob({
              database,
              storage: runtime.storage,
              settings: { ...config.backup, dir: config.backup.dir },
              appSecret: process.env.APP_SECRET ? undefined : config.appSecret,
              now: () => runtime.clock.now(),
              log: logger,
            }),
          ]
        : []),
      lawyerAssignmentJob(() => runtime.clock.now()),
      unreadMessageMailJob(() => runtime.clock.now()),
      todoReminderJob(() => runtime.clock.now()),
      settlementReminderJob(() => runtime.clock.now()),
      // Redlines of versions stored before they were kept, or gone stale (settlement/redline-job.ts).
      settlementRedlineJob(config.textWorker),
      outboxCleanupJob(() => runtime.clock.now()),
      // Invoices: the payment reminder, the fourteen-day letter, the employer's reminder (invoices/reminders.ts).
      invoiceRemindersJob(() => runtime.clock.now(), config.firm),
      // Web Push: the date-based notices, and the sender of the push outbox (docs/notifications.md).
      pushReminderJob(() => runtime.clock.now()),
      pushSenderJob({ config, now: () => runtime.clock.now(), logger }),
      appointmentReminderJob(() => runtime.clock.now(), config.appointments.videoUrlTemplate),
      dataExportJob(
        runtime.storage,
        () => runtime.clock.now(),
        30_000,
        (error) => logger.warn({ err: { message: error.message } }, 'data export build failed'),
      ),
      // The weekly summary of 'Inzicht' to the admins, only when the firm turned it on.
      ...(config.insightWeeklyMail ? [insightWeeklyJob(() => runtime.clock.now())] : []),
    ],
    logger,
    withEvents,
    app.metrics.jobRun,
  );
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await stopJobs();
      // Unsent mail stays in the outbox table; the next start (or another instance) sends it.
      await runtime.outbox.stop();
      await database.close();
      await runtime.storage.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await runtime.outbox.start();
  const address = await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`Portal listening on ${address} (public URL ${config.publicUrl}, database: ${database.kind})\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `\nCaused by: ${error.cause.message}` : '';
  process.stderr.write(`Start-up failed: ${error instanceof Error ? error.stack : String(error)}${cause}\n`);
  process.exit(1);
});
