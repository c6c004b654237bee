import type { Db } from '../infra/db/client';
import { enqueueMail, enqueueNothing } from '../infra/outbox/outbox';
import { CODE_TTL_MS, findUserByEmail, storeCode } from './queries';
import { withEvents } from '../domain-events';

/**
 * Stores a login code for an address and, for a known address, its mail, in one transaction;
 * an unknown address does the same work (a row that is never sent), so both take as long.
 * Returns the account the address belongs to, if any.
 */
export async function storeLoginCode(
  db: Db,
  input: { keyHash: string; email: string; code: string; codeHash: Buffer; now: Date },
) {
  const { keyHash, email, code, codeHash, now } = input;
  // The code and its mail are written together; a mail not sent within the code's lifetime is never sent.
  return withEvents(db, async (tx) => {
    await storeCode(tx, { keyHash, purpose: 'login', userId: null, newEmail: null, codeHash, now });
    const found = await findUserByEmail(tx, email);
    if (found) {
      await enqueueMail(tx, {
        kind: 'login_code',
        to: { userId: found.id },
        payload: { code, minutes: CODE_TTL_MS / 60_000 },
        now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
    } else {
      await enqueueNothing(tx, now);
    }
    return found;
  });
}
