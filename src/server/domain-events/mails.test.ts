import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { cases, users } from '../infra/db/schema';
import { createTestClient, createTestContext, createTestLawyer, type TestContext } from '../infra/testing/harness';
import { emit } from './dispatch';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const mailTo = async (address: string) => {
  await ctx.outbox.drain();
  const mail = ctx.smtp.messages.filter((m) => m.to.includes(address)).at(-1);
  expect(mail).toBeDefined();
  return mail!;
};

describe("notification mails in the reader's language", () => {
  for (const [language, title, unknown] of [
    ['nl-NL', '(Arbeidsrechtjurist) is je jurist', 'Onbekende cliënt'],
    ['en-US', '(Employment lawyer) is your lawyer', 'Unknown client'],
  ] as const) {
    it(`names a lawyer without a title and a client without a name in ${language}`, async () => {
      // The lawyer reads in the same language as the client here, so both mails are checked in it.
      const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Jansen', title: null });
      const client = await createTestClient(ctx, { status: 'offer-chosen' });
      await ctx.db
        .update(users)
        .set({ language })
        .where(inArray(users.id, [lawyer.id, client.id]));
      await ctx.db.update(cases).set({ clientName: '' }).where(eq(cases.id, client.caseId));
      await emit(ctx.db, {
        actorId: null,
        action: 'case.lawyer_assigned',
        subjectType: 'case',
        subjectId: client.caseId,
        data: { lawyer_id: lawyer.id },
        at: ctx.clock.now(),
      });

      const toClient = await mailTo(client.email);
      expect(toClient.text).toContain(`Sanne Jansen ${title}`);
      if (language === 'en-US') expect(toClient.text).not.toContain('Arbeidsrechtjurist');

      const toLawyer = await mailTo(lawyer.email);
      expect(toLawyer.subject).toContain(unknown);
      if (language === 'en-US') expect(`${toLawyer.subject}${toLawyer.text}`).not.toContain('Onbekend');
    });
  }
});
