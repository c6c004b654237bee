import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../infra/db/client';
import { users } from '../infra/db/schema';
import type { DomainEvent } from './types';
import { enqueueMail } from '../infra/outbox/outbox';

/**
 * The mail rule of `backup.failed` (domain-events/rules.ts): one `backup_failed` mail to each
 * active admin, with the time and the error code the event carries. One per failed run (the
 * event's subject is the run).
 */
export async function backupFailedMails(tx: Db, event: DomainEvent): Promise<void> {
  const data = event.data ?? {};
  const at = typeof data.at === 'string' ? data.at : '';
  const code = typeof data.code === 'string' ? data.code : 'failed';
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)));
  for (const admin of admins)
    await enqueueMail(tx, {
      kind: 'backup_failed',
      to: { userId: admin.id },
      payload: { at, code },
      now: event.at,
      dedupeKey: `backup-failed:${event.subjectId}:${admin.id}`,
    });
}
