import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DocumentListResponseSchema } from '../../contract/documents';
import {
  MESSAGE_DELETE_TOO_LATE,
  MESSAGE_EMPTY,
  MESSAGE_INVALID_CHARACTERS,
  MESSAGE_TOO_LONG,
  MessagePageSchema,
  MessageResponseSchema,
  UnreadCountsResponseSchema,
  type Message,
} from '../../contract/messages';
import { auditEvents, cases, messages, users } from '../infra/db/schema';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { localDate } from '../infra/lib/local-date';
import { multipart } from '../infra/testing/multipart';
import { destroyExpiredFiles } from '../archive/retention';
import { getFileDestructionDate } from '../../contract/rules/case-route';
import { sendUnreadMessageMails, UNREAD_MESSAGE_SUBJECT } from './mail';
import { serverTranslate } from '../infra/errors/language';

/** The messages are translation keys; without Accept-Language the answer is Dutch. */
const nl = serverTranslate('nl-NL');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ maxUploadBytes: 64 * 1024 });
});
afterAll(async () => {
  await ctx.close();
});

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A case with its client and lawyer, each signed in. */
async function conversation() {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
  return {
    lawyer,
    client,
    caseId: client.caseId,
    clientToken: await tokenFor(ctx, client.id),
    lawyerToken: await tokenFor(ctx, lawyer.id),
  };
}

const send = (token: string, caseId: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/messages`,
    headers: bearer(token),
    payload: payload as object,
  });
async function sent(token: string, caseId: string, text: string): Promise<Message> {
  const response = await send(token, caseId, { text });
  expect(response.statusCode).toBe(201);
  ctx.clock.advance(1_000);
  return MessageResponseSchema.parse(response.json()).data;
}
const list = (token: string, caseId: string, before?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/cases/${caseId}/messages${before ? `?before=${encodeURIComponent(before)}` : ''}`,
    headers: bearer(token),
  });
const unread = async (token: string) =>
  UnreadCountsResponseSchema.parse(
    (await ctx.app.inject({ method: 'GET', url: '/api/messages/unread', headers: bearer(token) })).json(),
  );
const markRead = (token: string, caseId: string, upTo: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/messages/read`,
    headers: bearer(token),
    payload: { up_to: upTo },
  });
const remove = (token: string, id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: bearer(token) });

describe('messages: access exactly as for the case', () => {
  it('lets the client and the case lawyer talk, and shows the author and role', async () => {
    const c = await conversation();
    const fromClient = await sent(c.clientToken, c.caseId, '  Hallo, ik heb een vraag over mijn ontslag.  ');
    expect(fromClient).toMatchObject({
      case_id: c.caseId,
      author_role: 'client',
      text: 'Hallo, ik heb een vraag over mijn ontslag.',
      attachment: null,
      read_at: null,
    });
    expect(fromClient.author?.id).toBe(c.client.id);
    const fromLawyer = await sent(c.lawyerToken, c.caseId, 'Goedemiddag, stel je vraag gerust.');
    expect(fromLawyer.author_role).toBe('lawyer');
    for (const token of [c.clientToken, c.lawyerToken]) {
      const page = MessagePageSchema.parse((await list(token, c.caseId)).json());
      expect(page.data.map((m) => m.id)).toEqual([fromLawyer.id, fromClient.id]);
    }
  });

  it('answers 404 to another client and another lawyer, 401 without a session, and changes nothing', async () => {
    const c = await conversation();
    const message = await sent(c.clientToken, c.caseId, 'Alleen voor mijn advocaat');
    const other = await conversation();
    for (const token of [other.clientToken, other.lawyerToken]) {
      expect((await list(token, c.caseId)).statusCode).toBe(404);
      expect((await send(token, c.caseId, { text: 'inbraak' })).statusCode).toBe(404);
      expect((await markRead(token, c.caseId, message.id)).statusCode).toBe(404);
      expect((await remove(token, message.id)).statusCode).toBe(404);
      expect((await unread(token)).data.find((r) => r.case_id === c.caseId)).toBeUndefined();
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/cases/${c.caseId}/messages` })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/cases/${c.caseId}/messages`, payload: { text: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/messages/unread' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/messages/${message.id}` })).statusCode).toBe(401);
    expect((await list(c.clientToken, 'not-a-uuid')).statusCode).toBe(404);
    expect((await remove(c.clientToken, 'not-a-uuid')).statusCode).toBe(404);
    const rows = await ctx.db.select().from(messages).where(eq(messages.caseId, c.caseId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.readAt).toBeNull();
  });
});

describe('messages: every message names its author', () => {
  it("keeps the former lawyer's name on their messages after reassignment; marks the stand-in's as such", async () => {
    const c = await conversation();
    const admin = await createTestAdmin(ctx);
    await ctx.db.update(users).set({ name: 'Frits', lastName: 'Vroeger' }).where(eq(users.id, c.lawyer.id));
    const fromFormer = await sent(c.lawyerToken, c.caseId, 'Ik ben je eerste jurist.');
    const next = await createTestLawyer(ctx, { name: 'Nina', lastName: 'Nieuw' });
    const standIn = await createTestLawyer(ctx, { name: 'Victor', lastName: 'Vervanger' });
    const today = localDate(ctx.clock.now());
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/cases/${c.caseId}/assign`,
          headers: bearer(admin.token),
          payload: { lawyer_id: next.id },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/cases/${c.caseId}/stand-ins`,
          headers: bearer(admin.token),
          payload: { lawyer_id: standIn.id, from: today, until: today },
        })
      ).statusCode,
    ).toBe(201);
    const fromStandIn = await sent(await tokenFor(ctx, standIn.id), c.caseId, 'Ik neem het even over.');
    const fromNew = await sent(await tokenFor(ctx, next.id), c.caseId, 'En ik ben je nieuwe jurist.');

    for (const token of [c.clientToken, await tokenFor(ctx, next.id)]) {
      const page = MessagePageSchema.parse((await list(token, c.caseId)).json());
      const byId = new Map(page.data.map((m) => [m.id, m]));
      expect(byId.get(fromFormer.id)).toMatchObject({
        author: { id: c.lawyer.id, full_name: 'Frits Vroeger' },
        author_stand_in: false,
      });
      expect(byId.get(fromStandIn.id)).toMatchObject({
        author: { id: standIn.id, full_name: 'Victor Vervanger' },
        author_stand_in: true,
      });
      expect(byId.get(fromNew.id)).toMatchObject({
        author: { id: next.id, full_name: 'Nina Nieuw' },
        author_stand_in: false,
      });
    }

    // The client's lawyers: the assigned lawyer first, the stand-in after, as stand-in.
    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/api/cases/mine', headers: bearer(c.clientToken) })
    ).json().data.lawyers as { id: string; stand_in: unknown }[];
    expect(mine.map((l) => [l.id, l.stand_in !== null && l.stand_in !== undefined])).toEqual([
      [next.id, false],
      [standIn.id, true],
    ]);
  });
});

describe('messages: validation', () => {
  it('refuses empty, blank, too long, control-character texts (Dutch 422); keeps 5,000 characters', async () => {
    const c = await conversation();
    const cases_: [unknown, string][] = [
      [{ text: '' }, nl(MESSAGE_EMPTY)],
      [{ text: ' \n\t ' }, nl(MESSAGE_EMPTY)],
      [{}, nl(MESSAGE_EMPTY)],
      [{ text: 42 }, nl(MESSAGE_EMPTY)],
      [{ text: 'x'.repeat(5001) }, nl(MESSAGE_TOO_LONG)],
      [{ text: `a${'\u0000'}b` }, nl(MESSAGE_INVALID_CHARACTERS)],
      [{ text: 'a\u001bb' }, nl(MESSAGE_INVALID_CHARACTERS)],
    ];
    for (const [payload, message] of cases_) {
      const response = await send(c.clientToken, c.caseId, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
      expect(response.json()).toMatchObject({ message, errors: { text: [message] } });
    }
    const extra = await send(c.clientToken, c.caseId, { text: 'hoi', author_role: 'lawyer' });
    expect(extra.statusCode).toBe(422);
    expect(await ctx.db.select().from(messages).where(eq(messages.caseId, c.caseId))).toHaveLength(0);

    const longest = await sent(c.clientToken, c.caseId, `  ${'é'.repeat(5000)}  `);
    expect([...longest.text]).toHaveLength(5000);
    const lines = await sent(c.clientToken, c.caseId, 'regel 1\r\nregel 2');
    expect(lines.text).toBe('regel 1\nregel 2');
  });

  it('stores markup as plain text', async () => {
    const c = await conversation();
    const message = await sent(c.clientToken, c.caseId, '<img src=x onerror=alert(1)>');
    expect(message.text).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('messages: keyset pages of 30', () => {
  it('pages newest first without gaps or repeats, also while new messages arrive', async () => {
    const c = await conversation();
    const all: string[] = [];
    for (let i = 0; i < 65; i++)
      all.push((await sent(i % 2 ? c.lawyerToken : c.clientToken, c.caseId, `bericht ${i}`)).id);
    const first = MessagePageSchema.parse((await list(c.clientToken, c.caseId)).json());
    expect(first.data).toHaveLength(30);
    expect(first.data[0]?.text).toBe('bericht 64');
    await sent(c.lawyerToken, c.caseId, 'tussendoor');
    const second = MessagePageSchema.parse(
      (await list(c.clientToken, c.caseId, first.next_cursor ?? undefined)).json(),
    );
    expect(second.data).toHaveLength(30);
    const third = MessagePageSchema.parse(
      (await list(c.clientToken, c.caseId, second.next_cursor ?? undefined)).json(),
    );
    expect(third.data).toHaveLength(5);
    expect(third.next_cursor).toBeNull();
    expect([...first.data, ...second.data, ...third.data].map((m) => m.id)).toEqual([...all].reverse());
  });

  it('refuses a cursor that is not one of ours', async () => {
    const c = await conversation();
    for (const bad of ['abc', 'x'.repeat(150), Buffer.from("1_'; DROP TABLE messages").toString('base64url'), '%00']) {
      expect((await list(c.clientToken, c.caseId, bad)).statusCode).toBe(422);
    }
    expect((await list(c.clientToken, c.caseId, 'abc')).json().errors.before).toEqual(['Ongeldige cursor.']);
    const english = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${c.caseId}/messages?before=abc`,
      headers: { ...bearer(c.clientToken), 'accept-language': 'en-US' },
    });
    expect(english.json().errors.before).toEqual(['This page reference is not valid.']);
  });

  it("refuses an empty, too long or control-character text in the reader's language, Dutch unchanged", async () => {
    const c = await conversation();
    const english = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${c.caseId}/messages`,
        headers: { ...bearer(c.clientToken), 'accept-language': 'en-US' },
        payload,
      });
    expect((await english({ text: ' ' })).json().errors.text).toEqual(['Your message is empty.']);
    expect((await english({ text: 'x'.repeat(5001) })).json().errors.text).toEqual([
      'A message can have at most 5,000 characters.',
    ]);
    expect((await english({ text: 'a\u001bb' })).json().errors.text).toEqual([
      'Your message contains invalid characters.',
    ]);
    expect((await send(c.clientToken, c.caseId, { text: ' ' })).json().errors.text).toEqual(['Je bericht is leeg.']);
    expect((await send(c.clientToken, c.caseId, { text: 'x'.repeat(5001) })).json().errors.text).toEqual([
      'Een bericht mag maximaal 5.000 tekens hebben.',
    ]);
    expect((await send(c.clientToken, c.caseId, { text: 'a\u001bb' })).json().errors.text).toEqual([
      'Je bericht bevat ongeldige tekens.',
    ]);
  });
});

describe('messages: read marks and unread counts', () => {
  it("marks the other side's messages read up to one message, and counts unread per case", async () => {
    const c = await conversation();
    const m1 = await sent(c.clientToken, c.caseId, 'een');
    const m2 = await sent(c.clientToken, c.caseId, 'twee');
    const m3 = await sent(c.clientToken, c.caseId, 'drie');
    const own = await sent(c.lawyerToken, c.caseId, 'antwoord');
    expect((await unread(c.lawyerToken)).data).toEqual([{ case_id: c.caseId, client_name: 'Kees Klant', count: 3 }]);
    expect((await unread(c.clientToken)).data).toEqual([{ case_id: c.caseId, client_name: 'Kees Klant', count: 1 }]);

    const response = await markRead(c.lawyerToken, c.caseId, m2.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.marked).toBe(2);
    const page = MessagePageSchema.parse((await list(c.clientToken, c.caseId)).json()).data;
    const byId = new Map(page.map((m) => [m.id, m]));
    expect(byId.get(m1.id)?.read_at).not.toBeNull();
    expect(byId.get(m2.id)?.read_at).not.toBeNull();
    expect(byId.get(m3.id)?.read_at).toBeNull();
    expect(byId.get(own.id)?.read_at).toBeNull();
    expect((await unread(c.lawyerToken)).total).toBe(1);

    // Reading up to one's own message marks the other side's older ones, never one's own.
    await markRead(c.lawyerToken, c.caseId, own.id);
    expect((await unread(c.lawyerToken)).total).toBe(0);
    expect((await unread(c.clientToken)).total).toBe(1);
    // Marking again changes nothing.
    expect((await markRead(c.lawyerToken, c.caseId, own.id)).json().data.marked).toBe(0);
  });

  it('refuses an up_to that is not a message of this case', async () => {
    const c = await conversation();
    const other = await conversation();
    const foreign = await sent(other.clientToken, other.caseId, 'elders');
    expect((await markRead(c.lawyerToken, c.caseId, foreign.id)).statusCode).toBe(404);
    expect((await markRead(c.lawyerToken, c.caseId, 'nope')).statusCode).toBe(422);
    const stillUnread = await ctx.db.select().from(messages).where(eq(messages.id, foreign.id));
    expect(stillUnread[0]?.readAt).toBeNull();
  });
});

describe('messages: deletion', () => {
  it('lets the author delete their own message within 5 minutes, and not after (409)', async () => {
    const c = await conversation();
    const early = await sent(c.clientToken, c.caseId, 'oeps, verkeerd');
    ctx.clock.advance(4 * 60_000);
    expect((await remove(c.clientToken, early.id)).statusCode).toBe(204);
    expect((await remove(c.clientToken, early.id)).statusCode).toBe(404);

    const late = await sent(c.clientToken, c.caseId, 'dit blijft staan');
    ctx.clock.advance(5 * 60_000 + 1);
    const response = await remove(c.clientToken, late.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Een bericht kan alleen binnen 5 minuten na het versturen worden verwijderd.');
    const english = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/messages/${late.id}`,
      headers: { ...bearer(c.clientToken), 'accept-language': 'en-US' },
    });
    expect(english.json().message).toBe('A message can only be deleted within 5 minutes of sending it.');
    expect(nl(MESSAGE_DELETE_TOO_LATE)).toBe(response.json().message);
    const page = MessagePageSchema.parse((await list(c.lawyerToken, c.caseId)).json()).data;
    expect(page.map((m) => m.id)).toEqual([late.id]);
  });

  it('does not let the other side delete a message', async () => {
    const c = await conversation();
    const message = await sent(c.clientToken, c.caseId, 'van de client');
    expect((await remove(c.lawyerToken, message.id)).statusCode).toBe(403);
    expect(await ctx.db.select().from(messages).where(eq(messages.id, message.id))).toHaveLength(1);
  });
});

describe('messages: attachments', () => {
  it('turns the file into a case document that both sides see, titled after the file', async () => {
    const c = await conversation();
    const body = multipart({ text: 'Hierbij mijn arbeidscontract' }, [{ filename: 'arbeidscontract.pdf', data: PDF }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: { ...bearer(c.clientToken), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    const message = MessageResponseSchema.parse(response.json()).data;
    expect(message.text).toBe('Hierbij mijn arbeidscontract');
    expect(message.attachment).toMatchObject({
      title: 'arbeidscontract.pdf',
      filename: 'arbeidscontract.pdf',
      extension: 'pdf',
    });
    for (const token of [c.clientToken, c.lawyerToken]) {
      const docs = DocumentListResponseSchema.parse(
        (
          await ctx.app.inject({ method: 'GET', url: `/api/cases/${c.caseId}/documents`, headers: bearer(token) })
        ).json(),
      ).data;
      const doc = docs.find((d) => d.id === message.attachment?.id);
      expect(doc).toMatchObject({ title: 'arbeidscontract.pdf', mandatory: false, visible: true, status: 'Uploaded' });
    }
    const download = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${message.attachment?.id}/download`,
      headers: bearer(c.lawyerToken),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it('sends a file without text, and refuses too large files and bad text before storing anything', async () => {
    const c = await conversation();
    const only = multipart({ text: '  ' }, [{ filename: 'loonstrook.pdf', data: PDF }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: { ...bearer(c.lawyerToken), ...only.headers },
      payload: only.payload,
    });
    expect(response.statusCode).toBe(201);
    expect(MessageResponseSchema.parse(response.json()).data).toMatchObject({ text: '', author_role: 'lawyer' });

    const big = multipart({ text: 'groot' }, [{ filename: 'groot.pdf', data: Buffer.alloc(65 * 1024, 1) }]);
    const tooBig = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: { ...bearer(c.clientToken), ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    const badText = multipart({ text: 'x'.repeat(5001) }, [{ filename: 'a.pdf', data: PDF }]);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: { ...bearer(c.clientToken), ...badText.headers },
      payload: badText.payload,
    });
    expect(refused.statusCode).toBe(422);
    const noFile = multipart({ text: 'zonder bestand' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/cases/${c.caseId}/messages`,
          headers: { ...bearer(c.clientToken), ...noFile.headers },
          payload: noFile.payload,
        })
      ).statusCode,
    ).toBe(422);
    expect(await ctx.db.select().from(messages).where(eq(messages.caseId, c.caseId))).toHaveLength(1);
    const docs = DocumentListResponseSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/cases/${c.caseId}/documents`, headers: bearer(c.clientToken) })
      ).json(),
    ).data;
    expect(docs.filter((d) => !d.mandatory).map((d) => d.title)).toEqual(['loonstrook.pdf']);
  });
});

describe('messages: timeline, mail and retention', () => {
  it('records message.sent for the timeline without the text', async () => {
    const c = await conversation();
    const message = await sent(c.clientToken, c.caseId, 'geheime inhoud over mijn gezondheid');
    const [row] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'message.sent'), eq(auditEvents.subjectId, c.caseId)));
    expect(row).toMatchObject({
      actorId: c.client.id,
      subjectType: 'case',
      data: { message_id: message.id, attachment: false },
    });
    expect(JSON.stringify(row)).not.toContain('geheime');
    for (const token of [c.clientToken, c.lawyerToken]) {
      const timeline = await ctx.app.inject({
        method: 'GET',
        url: `/api/cases/${c.caseId}/timeline`,
        headers: bearer(token),
      });
      expect(timeline.statusCode).toBe(200);
      const items = (timeline.json() as { data: { kind: string; text?: string }[] }).data;
      const item = items.find((i) => i.kind === 'message.sent');
      expect(item).toMatchObject({ kind: 'message.sent' });
      expect(JSON.stringify(items)).not.toContain('geheime');
    }
  });

  it('mails the other side once when a message is still unread after 5 minutes, without its text', async () => {
    const c = await conversation();
    // Messages of earlier tests are mailed first, so this test counts only its own.
    ctx.clock.advance(10 * 60_000);
    await sendUnreadMessageMails(ctx.db, ctx.clock.now());
    await sent(c.lawyerToken, c.caseId, 'vertrouwelijk: uw vaststellingsovereenkomst');
    const readSoon = await sent(c.clientToken, c.caseId, 'dit leest de advocaat meteen');
    await markRead(c.lawyerToken, c.caseId, readSoon.id);
    expect(await sendUnreadMessageMails(ctx.db, ctx.clock.now())).toBe(0);
    ctx.clock.advance(5 * 60_000);
    const since = ctx.smtp.messages.length;
    expect(await sendUnreadMessageMails(ctx.db, ctx.clock.now())).toBe(1);
    const mail = await ctx.smtp.waitForMail(c.client.email, { since });
    expect(mail.subject).toBe(UNREAD_MESSAGE_SUBJECT);
    expect(mail.text).toContain(`${ctx.config.publicUrl}/`);
    expect(`${mail.text}${mail.html}`).not.toContain('vertrouwelijk');
    expect(await sendUnreadMessageMails(ctx.db, ctx.clock.now())).toBe(0);
    await ctx.outbox.drain();
    expect(
      ctx.smtp.messages.filter((m) => m.to.includes(c.lawyer.email) && m.subject === UNREAD_MESSAGE_SUBJECT),
    ).toHaveLength(0);
  });

  it('deletes the messages with the file, after its retention years', async () => {
    const c = await conversation();
    await sent(c.clientToken, c.caseId, 'tot ziens');
    await ctx.db
      .update(cases)
      .set({ statusSlug: 'completed', completedAt: new Date(ctx.clock.now().getTime() - 200 * 86_400_000) })
      .where(eq(cases.id, c.caseId));
    while (
      (await destroyExpiredFiles(
        ctx.db,
        ctx.storage,
        getFileDestructionDate(new Date(ctx.clock.now().getTime() - 190 * 86_400_000)),
        5,
        1_000,
      )) > 0
    );
    expect(await ctx.db.select().from(messages).where(eq(messages.caseId, c.caseId))).toHaveLength(0);
  });
});
