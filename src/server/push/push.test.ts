import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PushDevicesResponseSchema, type PushPayload } from '../../contract/push';
import { addCalendarDays, amsterdamToday } from '../../contract/rules/amsterdam-date';
import {
  appointments,
  invoices,
  pushKeys,
  pushOutbox,
  pushSubscriptions,
  settlementSigned,
  settlementVersions,
  users,
} from '../infra/db/schema';
import { sendInvoiceReminders } from '../invoices/reminders';
import { enqueueMail } from '../infra/outbox/outbox';
import { PUSH_KINDS, type PushKind } from '../infra/outbox/push';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { startPushService, type PushServiceStandIn } from '../infra/testing/push-service';
import { isAllowedPushEndpoint } from './endpoint';
import { getVapidKeys } from './keys';
import { pushPayload } from './payload';
import { queuePushReminders } from './reminders';
import { createPushSender } from './worker';

let ctx: TestContext;
let service: PushServiceStandIn;
const quiet = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  service = await startPushService();
  ctx = await createTestContext({
    push: { publicKey: undefined, privateKey: undefined, subject: 'mailto:info@example.com', allowedOrigins: [] },
  });
  ctx.config.push.allowedOrigins.push(service.origin);
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});

const sender = () =>
  createPushSender({ db: ctx.db, config: ctx.config, now: () => ctx.clock.now(), logger: quiet, agent: service.agent });

/** A minute later (the collapse window), everything due is sent to the stand-in. */
async function sendDue() {
  ctx.clock.advance(61_000);
  await sender().drain();
}

async function subscribe(
  token: string,
  subscription: unknown,
  userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/push-subscriptions',
    headers: { ...bearer(token), 'user-agent': userAgent },
    payload: subscription as object,
  });
}

/** A client with a lawyer on an open case, both signed in, the client's phone subscribed to the stand-in. */
async function world() {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
  const clientToken = await tokenFor(ctx, client.id);
  const lawyerToken = await tokenFor(ctx, lawyer.id);
  const phone = service.device();
  const answer = await subscribe(clientToken, phone.subscription);
  expect(answer.statusCode).toBe(201);
  const subscriptionId = (answer.json() as { data: { id: string } }).data.id;
  return { lawyer, client, clientToken, lawyerToken, phone, subscriptionId };
}

async function lawyerWrites(w: World, text: string) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${w.client.caseId}/messages`,
    headers: bearer(w.lawyerToken),
    payload: { text },
  });
  expect(answer.statusCode).toBe(201);
  return (answer.json() as { data: { id: string } }).data.id;
}

const receivedBy = (deviceId: string) => service.received.filter((r) => r.device === deviceId);

type World = Awaited<ReturnType<typeof world>>;

describe('the VAPID key pair', () => {
  it('is made once and shared: instances starting at once get one pair; the API gives its public half', async () => {
    const now = ctx.clock.now();
    const pairs = await Promise.all(Array.from({ length: 5 }, () => getVapidKeys(ctx.db, ctx.config, now)));
    expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1);
    expect(await ctx.db.select().from(pushKeys)).toHaveLength(1);
    const token = await tokenFor(ctx, (await createTestLawyer(ctx)).id);
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/push/public-key', headers: bearer(token) });
    expect(answer.json()).toEqual({ data: { public_key: pairs[0]!.publicKey } });
    expect(Buffer.from(pairs[0]!.publicKey, 'base64url')).toHaveLength(65);
  });

  it('comes from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set', async () => {
    const push = { publicKey: 'BPub', privateKey: 'priv', subject: 'mailto:a@b.nl', allowedOrigins: [] };
    expect(await getVapidKeys(ctx.db, { push }, ctx.clock.now())).toEqual({
      publicKey: 'BPub',
      privateKey: 'priv',
      subject: 'mailto:a@b.nl',
    });
  });
});

describe('the endpoint allow-list', () => {
  it('accepts https endpoints of Google, Mozilla, Apple and Microsoft', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://push.services.mozilla.com/wpush/v1/x',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(true);
  });

  it('refuses http, IP literals, user info, look-alike hosts, ports, control characters and other tricks', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://169.254.169.254/latest/meta-data',
      'https://2130706433/x',
      'https://evil@fcm.googleapis.com/x',
      'https://fcm.googleapis.com@evil.example/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evil.example/fcm.googleapis.com/',
      'https://fcm.googleapis.com./x',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com:443/x',
      'https://notify.windows.com/x',
      'https://a.b.notify.windows.com/x',
      'https://evilnotify.windows.com/x',
      'https://fcm.googlеapis.com/x', // a Cyrillic е
      'https://fcm.googleapis.com\\@evil.example/x',
      'https://fcm.googleapis.com/x\u0000',
      'https://fcm.googleapis.com/x y',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'wss://fcm.googleapis.com/x',
    ])
      expect(isAllowedPushEndpoint(endpoint, []), endpoint).toBe(false);
  });

  it('adds only the exact origins of PUSH_ALLOWED_ORIGINS', () => {
    expect(isAllowedPushEndpoint('https://127.0.0.1:4443/push/a', ['https://127.0.0.1:4443'])).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:4444/push/a', ['https://127.0.0.1:4443'])).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4443/push/a', ['https://127.0.0.1:4443'])).toBe(false);
  });

  it('answers 422 for any other endpoint or keys no browser makes, 413 for a huge body; stores nothing', async () => {
    const user = await createTestClient(ctx);
    const token = await tokenFor(ctx, user.id);
    const keys = service.device().subscription.keys;
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://10.0.0.1/push',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com/x\u0000',
      `https://fcm.googleapis.com/${'a'.repeat(2000)}`,
    ]) {
      const answer = await subscribe(token, { endpoint, keys });
      expect(answer.statusCode, endpoint).toBe(422);
      expect(Object.keys((answer.json() as { errors: object }).errors)).toEqual(['endpoint']);
    }
    const badKeys = await subscribe(token, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys: { p256dh: 'A'.repeat(87), auth: keys.auth },
    });
    expect(badKeys.statusCode).toBe(422);
    const huge = await subscribe(token, { endpoint: 'https://fcm.googleapis.com/x', keys, extra: 'x'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    const unknownField = await subscribe(token, { endpoint: 'https://fcm.googleapis.com/x', keys, extra: 1 });
    expect(unknownField.statusCode).toBe(422);
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });
});

describe('the devices', () => {
  it('lists own devices named from the user agent; deleting: another user 404, the owner 204', async () => {
    const w = await world();
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/push-subscriptions',
      headers: bearer(w.clientToken),
    });
    const devices = PushDevicesResponseSchema.parse(list.json()).data;
    expect(devices).toEqual([
      {
        id: w.subscriptionId,
        name: 'Chrome op Android',
        last_used_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    const other = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/push-subscriptions/${w.subscriptionId}`,
      headers: bearer(w.lawyerToken),
    });
    expect(other.statusCode).toBe(404);
    const own = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/push-subscriptions/${w.subscriptionId}`,
      headers: bearer(w.clientToken),
    });
    expect(own.statusCode).toBe(204);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/push-subscriptions',
      headers: bearer(w.clientToken),
    });
    expect(after.json()).toEqual({ data: [] });
  });

  it('a device posted again keeps its id; posted by another account it moves there', async () => {
    const w = await world();
    const again = await subscribe(w.clientToken, w.phone.subscription);
    expect(again.json()).toEqual({ data: { id: w.subscriptionId } });
    const other = await createTestClient(ctx);
    const moved = await subscribe(await tokenFor(ctx, other.id), w.phone.subscription);
    expect(moved.statusCode).toBe(201);
    const rows = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, w.phone.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([other.id]);
  });
});

describe('a push notice', () => {
  it('reaches the push service (aes128gcm, VAPID, TTL, Urgency), decrypted to JSON without case content', async () => {
    const w = await world();
    const secret = 'Jansen biedt € 12.345,67 transitievergoeding, zeg niets tegen Pietersen';
    await lawyerWrites(w, secret);
    await sendDue();
    const [push, ...more] = receivedBy(w.phone.id);
    expect(more).toEqual([]);
    expect(push!.json).toEqual({
      title: 'Nieuw bericht',
      body: 'Je jurist heeft je een bericht gestuurd.',
      url: '/berichten',
      tag: 'message',
    });
    expect(push!.headers).toMatchObject({ ttl: '86400', urgency: 'normal', 'content-encoding': 'aes128gcm' });
    expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(push!.vapidValid).toBe(true);
    const json = JSON.stringify(push!.json);
    for (const content of ['Jansen', 'Pietersen', '12.345', '12345', 'transitievergoeding', 'Kees', 'Klant', 'Lotte'])
      expect(json).not.toContain(content);
    const [device] = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, w.subscriptionId));
    expect(device!.lastUsedAt.getTime()).toBe(ctx.clock.now().getTime());
  });

  it('is in the user’s language', async () => {
    const w = await world();
    await ctx.db.update(users).set({ language: 'en-US' }).where(eq(users.id, w.client.id));
    await lawyerWrites(w, 'Hallo');
    await sendDue();
    expect(receivedBy(w.phone.id).map((r) => r.json)).toEqual([
      { title: 'New message', body: 'Your lawyer has sent you a message.', url: '/berichten', tag: 'message' },
    ]);
  });

  it('tells the lawyer of the client’s message, with the case’s conversation as the page', async () => {
    const w = await world();
    const laptop = service.device();
    expect((await subscribe(w.lawyerToken, laptop.subscription)).statusCode).toBe(201);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${w.client.caseId}/messages`,
      headers: bearer(w.clientToken),
      payload: { text: 'Mijn werkgever Jansen belde' },
    });
    expect(sent.statusCode).toBe(201);
    await sendDue();
    expect(receivedBy(laptop.id).map((r) => r.json)).toEqual([
      {
        title: 'Nieuw bericht',
        body: 'Een cliënt heeft je een bericht gestuurd.',
        url: `/dossiers/${w.client.caseId}/berichten`,
        tag: `message-${w.client.caseId}`,
      },
    ]);
    // The client wrote it: their own phone hears nothing.
    expect(receivedBy(w.phone.id)).toEqual([]);
  });

  it('is not sent when the message was read in the portal within the minute', async () => {
    const w = await world();
    const id = await lawyerWrites(w, 'Gelezen voor de melding');
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${w.client.caseId}/messages/read`,
      headers: bearer(w.clientToken),
      payload: { up_to: id },
    });
    expect(read.statusCode).toBeLessThan(300);
    await sendDue();
    expect(receivedBy(w.phone.id)).toEqual([]);
    const rows = await ctx.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, w.subscriptionId));
    expect(rows.map((r) => r.status)).toEqual(['skipped']);
  });

  it('several within a minute become one', async () => {
    const w = await world();
    await lawyerWrites(w, 'Een');
    ctx.clock.advance(10_000);
    await lawyerWrites(w, 'Twee');
    await lawyerWrites(w, 'Drie');
    await sendDue();
    expect(receivedBy(w.phone.id)).toHaveLength(1);
  });

  it('a device the push service no longer knows (404, 410) is removed', async () => {
    for (const status of [404, 410]) {
      const w = await world();
      service.script(w.phone.id, status);
      await lawyerWrites(w, 'Weg');
      await sendDue();
      expect(receivedBy(w.phone.id).map((r) => r.status)).toEqual([status]);
      expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, w.subscriptionId))).toEqual(
        [],
      );
    }
  });

  it('is retried after 429 and 5xx, and delivered once', async () => {
    const w = await world();
    service.script(w.phone.id, 429, 503);
    await lawyerWrites(w, 'Later');
    await sendDue();
    expect(receivedBy(w.phone.id).map((r) => r.status)).toEqual([429]);
    ctx.clock.advance(30_000);
    await sender().drain();
    ctx.clock.advance(60_000);
    await sender().drain();
    ctx.clock.advance(3_600_000);
    await sender().drain();
    expect(receivedBy(w.phone.id).map((r) => r.status)).toEqual([429, 503, 201]);
    const rows = await ctx.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, w.subscriptionId));
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['sent', 3]]);
  });

  it('never reaches a device whose session logged out', async () => {
    const w = await world();
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(w.clientToken) });
    expect(logout.statusCode).toBe(204);
    expect(await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, w.subscriptionId))).toEqual([]);
    await lawyerWrites(w, 'Na het uitloggen');
    await sendDue();
    expect(receivedBy(w.phone.id)).toEqual([]);
  });

  it('carries no case content for any kind, in either language: fixed texts, a page and a tag', () => {
    const ref = { case_id: '7a1c1a52-3a0e-4a43-9d55-2f1c0a8e9b11', reader: 'client', from: 'employer' };
    for (const language of ['nl-NL', 'en-US'])
      for (const kind of PUSH_KINDS as readonly PushKind[]) {
        const payload = pushPayload([{ kind, tag: 'x', ref }], language);
        expect(Object.keys(payload).sort()).toEqual(['body', 'tag', 'title', 'url']);
        expect(payload.title.length).toBeGreaterThan(0);
        expect(`${payload.title} ${payload.body}`).not.toMatch(/\d{3}|€|7a1c1a52/);
      }
  });
});

describe('the date-based notices', () => {
  it('announce the first conversation once when it is within 24 hours, and not when it moved', async () => {
    const w = await world();
    const start = new Date(ctx.clock.now().getTime() + 20 * 3_600_000);
    const [appointment] = await ctx.db
      .insert(appointments)
      .values({
        caseId: w.client.caseId,
        lawyerId: w.lawyer.id,
        startAt: start,
        endAt: new Date(start.getTime() + 30 * 60_000),
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      })
      .returning();
    expect(await queuePushReminders(ctx.db, ctx.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await queuePushReminders(ctx.db, ctx.clock.now())).toBe(0);
    await sendDue();
    expect(receivedBy(w.phone.id).map((r) => r.json)).toEqual([
      {
        title: 'Je eerste gesprek',
        body: 'Je eerste gesprek met je jurist is binnen 24 uur.',
        url: '/',
        tag: 'appointment',
      },
    ]);
    expect(receivedBy(w.phone.id)[0]!.headers.urgency).toBe('high');
    // Moved before the notice went: the notice of the old time is dropped.
    await queuePushReminders(ctx.db, ctx.clock.now());
    const later = new Date(start.getTime() + 3_600_000);
    await ctx.db
      .update(appointments)
      .set({ startAt: later, endAt: new Date(later.getTime() + 30 * 60_000) })
      .where(eq(appointments.id, appointment!.id));
    await queuePushReminders(ctx.db, ctx.clock.now());
    await ctx.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: ctx.clock.now() })
      .where(eq(appointments.id, appointment!.id));
    await sendDue();
    expect(receivedBy(w.phone.id)).toHaveLength(1);
  });
});

/** Case content the moments below carry: none of it may reach a push service. */
const SECRETS = ['Jansen', 'Pietersen', '12.345', '12345', 'transitievergoeding', 'Kees', 'Klant', 'Lotte', 'Advocaat'];
const FIRM = { name: 'Advocatenkantoor Test', iban: 'NL91ABNA0417164300' };

type Moment = {
  name: string;
  /** Makes the moment come for the world's client and runs what queues its notice (the job, or the event's rule). */
  arrange: (w: World) => Promise<void>;
  /** The next run of that job (every 15 minutes, or hourly). */
  runAgain: () => Promise<unknown>;
  /** What happens in the portal meanwhile that makes the notice pointless, and its description. */
  settled: { by: string; act: (w: World) => Promise<void> };
  nl: PushPayload;
  en: PushPayload;
};

const queueReminders = () => queuePushReminders(ctx.db, ctx.clock.now());
const today = () => amsterdamToday(ctx.clock.now());

const MOMENTS: Moment[] = [
  {
    name: 'the reply deadline tomorrow',
    arrange: async (w) => {
      await ctx.db.insert(settlementVersions).values({
        caseId: w.client.caseId,
        number: 1,
        fromParty: 'employer',
        dated: today(),
        replyBy: addCalendarDays(today(), 1),
        text: 'Jansen biedt Kees Klant € 12.345,67 transitievergoeding; Pietersen tekent.',
        note: 'Lotte Advocaat: 12345',
      });
      await queueReminders();
    },
    runAgain: queueReminders,
    settled: {
      by: 'the client answered the proposal in the portal',
      act: async (w) => {
        const [version] = await ctx.db
          .select({ id: settlementVersions.id })
          .from(settlementVersions)
          .where(eq(settlementVersions.caseId, w.client.caseId));
        const answer = await ctx.app.inject({
          method: 'POST',
          url: `/api/settlement-versions/${version!.id}/response`,
          headers: bearer(w.clientToken),
          payload: { response: 'agree' },
        });
        expect(answer.statusCode, answer.body).toBe(200);
      },
    },
    nl: {
      title: 'Reageer uiterlijk morgen',
      body: 'Morgen is de laatste dag om op het voorstel te reageren.',
      url: '/onderhandeling',
      tag: 'settlement-reply',
    },
    en: {
      title: 'Reply by tomorrow',
      body: 'Tomorrow is the last day to reply to the proposal.',
      url: '/onderhandeling',
      tag: 'settlement-reply',
    },
  },
  {
    name: 'the bedenktijd ending in two days',
    arrange: async (w) => {
      await ctx.db.insert(settlementSigned).values({
        caseId: w.client.caseId,
        dated: addCalendarDays(today(), -12),
        agreedOn: addCalendarDays(today(), -12),
        coolingOffClause: true,
        coolingOffEndsOn: addCalendarDays(today(), 2),
        filename: 'vso-jansen-pietersen.pdf',
      });
      await queueReminders();
    },
    runAgain: queueReminders,
    settled: {
      by: 'a correction of the signed agreement moved the bedenktijd',
      act: async (w) => {
        await ctx.db
          .update(settlementSigned)
          .set({ coolingOffEndsOn: addCalendarDays(today(), 9) })
          .where(eq(settlementSigned.caseId, w.client.caseId));
      },
    },
    nl: {
      title: 'Je bedenktijd loopt af',
      body: 'Over twee dagen eindigt je bedenktijd.',
      url: '/onderhandeling',
      tag: 'cooling-off',
    },
    en: {
      title: 'Your cooling-off period is ending',
      body: 'Your cooling-off period ends in two days.',
      url: '/onderhandeling',
      tag: 'cooling-off',
    },
  },
  {
    name: 'the first conversation in 24 hours',
    arrange: async (w) => {
      const start = new Date(ctx.clock.now().getTime() + 20 * 3_600_000);
      await ctx.db.insert(appointments).values({
        caseId: w.client.caseId,
        lawyerId: w.lawyer.id,
        startAt: start,
        endAt: new Date(start.getTime() + 30 * 60_000),
        createdAt: ctx.clock.now(),
        updatedAt: ctx.clock.now(),
      });
      await queueReminders();
    },
    runAgain: queueReminders,
    settled: {
      by: 'the conversation was cancelled',
      act: async (w) => {
        await ctx.db
          .update(appointments)
          .set({ status: 'cancelled', cancelledAt: ctx.clock.now() })
          .where(eq(appointments.caseId, w.client.caseId));
      },
    },
    nl: {
      title: 'Je eerste gesprek',
      body: 'Je eerste gesprek met je jurist is binnen 24 uur.',
      url: '/',
      tag: 'appointment',
    },
    en: {
      title: 'Your first conversation',
      body: 'Your first conversation with your lawyer is within 24 hours.',
      url: '/',
      tag: 'appointment',
    },
  },
  {
    name: 'an invoice due',
    arrange: async (w) => {
      await ctx.db.insert(invoices).values({
        caseId: w.client.caseId,
        clientId: w.client.id,
        recipient: 'client',
        status: 'open',
        number: `P-${w.client.caseId}`,
        issuedAt: ctx.clock.now(),
        issueDate: addCalendarDays(today(), -20),
        dueDate: addCalendarDays(today(), -1),
        totalCents: 1_234_567,
        reference: 'Jansen / Pietersen',
      });
      await sendInvoiceReminders(ctx.db, ctx.clock.now(), FIRM);
    },
    runAgain: () => sendInvoiceReminders(ctx.db, ctx.clock.now(), FIRM),
    settled: {
      by: 'the invoice was paid',
      act: async (w) => {
        await ctx.db
          .update(invoices)
          .set({ status: 'paid', paidAt: ctx.clock.now() })
          .where(eq(invoices.caseId, w.client.caseId));
      },
    },
    nl: {
      title: 'Factuur staat open',
      body: 'Een factuur in je portaal is nog niet betaald.',
      url: '/facturen',
      tag: 'invoice',
    },
    en: {
      title: 'Invoice outstanding',
      body: 'An invoice in your portal has not been paid yet.',
      url: '/facturen',
      tag: 'invoice',
    },
  },
];

const outboxOf = (subscriptionId: string) =>
  ctx.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, subscriptionId));

for (const moment of MOMENTS)
  describe(`the notice of ${moment.name}`, () => {
    it('is sent once, in Dutch, with a fixed text, the page and the tag, and nothing of the case', async () => {
      const w = await world();
      await moment.arrange(w);
      await moment.runAgain();
      await sendDue();
      await moment.runAgain();
      await sendDue();
      const received = receivedBy(w.phone.id);
      expect(received.map((r) => r.json)).toEqual([moment.nl]);
      expect(received[0]!.vapidValid).toBe(true);
      const json = JSON.stringify(received[0]!.json);
      for (const content of [...SECRETS, w.client.caseId, w.client.email, today()])
        expect(json, content).not.toContain(content);
      expect((await outboxOf(w.subscriptionId)).map((r) => r.status)).toEqual(['sent']);
    });

    it('is in the user’s language', async () => {
      const w = await world();
      await ctx.db.update(users).set({ language: 'en-US' }).where(eq(users.id, w.client.id));
      await moment.arrange(w);
      await sendDue();
      expect(receivedBy(w.phone.id).map((r) => r.json)).toEqual([moment.en]);
    });

    it(`is not sent when ${moment.settled.by} within the minute`, async () => {
      const w = await world();
      await moment.arrange(w);
      expect((await outboxOf(w.subscriptionId)).map((r) => r.status)).toEqual(['pending']);
      await moment.settled.act(w);
      await sendDue();
      expect(receivedBy(w.phone.id)).toEqual([]);
      expect((await outboxOf(w.subscriptionId)).map((r) => r.status)).toEqual(['skipped']);
    });

    it('goes out as one notice with a message that came within the same minute', async () => {
      const w = await world();
      await moment.arrange(w);
      ctx.clock.advance(20_000);
      await lawyerWrites(w, 'Jansen belde over de 12.345 euro');
      await sendDue();
      expect(receivedBy(w.phone.id).map((r) => r.json)).toEqual([
        { title: 'Ontslagportaal', body: 'Er zijn 2 nieuwe meldingen in je portaal.', url: '/', tag: 'portal' },
      ]);
      expect((await outboxOf(w.subscriptionId)).map((r) => r.status)).toEqual(['sent', 'sent']);
    });
  });

describe('the deadline notices', () => {
  it('wake the phone (urgency high); an invoice may wait for its next wake (normal)', async () => {
    const urgency: Record<string, string | undefined> = {};
    for (const moment of MOMENTS) {
      const w = await world();
      await moment.arrange(w);
      await sendDue();
      urgency[moment.name] = receivedBy(w.phone.id)[0]?.headers.urgency;
    }
    expect(urgency).toEqual({
      'the reply deadline tomorrow': 'high',
      'the bedenktijd ending in two days': 'high',
      'the first conversation in 24 hours': 'high',
      'an invoice due': 'normal',
    });
  });

  it('are not sent for a deadline not tomorrow, a bedenktijd ending later, or an employer’s invoice', async () => {
    const w = await world();
    await ctx.db.insert(settlementVersions).values({
      caseId: w.client.caseId,
      number: 1,
      fromParty: 'employer',
      dated: today(),
      replyBy: addCalendarDays(today(), 2),
    });
    // Our own counter-offer's deadline is the employer's.
    await ctx.db.insert(settlementVersions).values({
      caseId: (await createTestClient(ctx, { lawyerIds: [w.lawyer.id] })).caseId,
      number: 1,
      fromParty: 'us',
      dated: today(),
      replyBy: addCalendarDays(today(), 1),
    });
    await ctx.db.insert(settlementSigned).values({
      caseId: w.client.caseId,
      dated: today(),
      agreedOn: today(),
      coolingOffClause: true,
      coolingOffEndsOn: addCalendarDays(today(), 3),
    });
    await ctx.db.insert(invoices).values({
      caseId: w.client.caseId,
      clientId: w.client.id,
      recipient: 'employer',
      status: 'open',
      number: `W-${w.client.caseId}`,
      issuedAt: ctx.clock.now(),
      issueDate: addCalendarDays(today(), -20),
      dueDate: addCalendarDays(today(), -1),
      totalCents: 100,
    });
    await queueReminders();
    await sendInvoiceReminders(ctx.db, ctx.clock.now(), FIRM);
    await sendDue();
    expect(await outboxOf(w.subscriptionId)).toEqual([]);
    expect(receivedBy(w.phone.id)).toEqual([]);
  });
});

describe('the e-mail channel', () => {
  it('off, no optional mail is queued (the topics keep their own choice); on again, they go', async () => {
    const w = await world();
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/mail-preferences',
      headers: bearer(w.clientToken),
      payload: { email: false },
    });
    expect(off.json()).toEqual({ data: { phase_changes: true, reminders: true, uploads: true, email: false } });
    const mail = { kind: 'todo_reminder' as const, to: { userId: w.client.id }, payload: { count: 1 } };
    expect(await enqueueMail(ctx.db, { ...mail, now: ctx.clock.now() })).toBe(false);
    // A mail that always goes still goes.
    expect(
      await enqueueMail(ctx.db, {
        kind: 'settlement_version',
        to: { userId: w.client.id },
        payload: {},
        now: ctx.clock.now(),
      }),
    ).toBe(true);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/mail-preferences',
      headers: bearer(w.clientToken),
      payload: { email: true },
    });
    expect(await enqueueMail(ctx.db, { ...mail, now: ctx.clock.now() })).toBe(true);
  });
});

describe('trusting the stand-in', () => {
  /** web-push in a fresh Node process, as the product sends: trust comes only from that process's start. */
  async function sendFromProcess(env: NodeJS.ProcessEnv, subscription: unknown): Promise<string> {
    const script = `
      const webpush = require('web-push');
      const keys = webpush.generateVAPIDKeys();
      webpush
        .sendNotification(JSON.parse(process.env.SUBSCRIPTION), JSON.stringify({ title: 'x' }), {
          vapidDetails: { subject: 'mailto:info@example.com', ...keys },
          TTL: 60,
          contentEncoding: 'aes128gcm',
        })
        .then((answer) => process.stdout.write('status ' + answer.statusCode))
        .catch((error) => process.stdout.write('error ' + (error.code || error.statusCode)));`;
    const { execFile } = await import('node:child_process');
    return new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        ['-e', script],
        { env: { PATH: process.env.PATH, ...env, SUBSCRIPTION: JSON.stringify(subscription) } },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
  }

  it('a process started with NODE_EXTRA_CA_CERTS reaches it by TLS; one without refuses the certificate', async () => {
    const device = service.device();
    expect(await sendFromProcess({}, device.subscription)).toMatch(/^error (SELF_SIGNED|DEPTH_ZERO)/);
    expect(await sendFromProcess({ NODE_EXTRA_CA_CERTS: service.caFile }, device.subscription)).toBe('status 201');
    expect(receivedBy(device.id).map((r) => r.json)).toEqual([{ title: 'x' }]);
  });
});
