import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documents, outbox } from '../db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../testing/harness';
import { multipart } from '../testing/multipart';
import { extractLoginCode } from '../testing/smtp-peer';

// A 10-minute digest window, as in production.
const WINDOW = 10 * 60_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ mailDigestMs: WINDOW });
});
afterAll(async () => {
  await ctx.close();
});

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function setup(language: 'nl-NL' | 'en-US' = 'nl-NL') {
  const lawyer = await createTestLawyer(ctx, { name: 'Lotte', lastName: 'Advocaat' });
  const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id], name: 'Kees' });
  const clientToken = await tokenFor(ctx, client.id);
  if (language !== 'nl-NL') {
    expect(
      (await ctx.app.inject({ method: 'PATCH', url: '/api/user', headers: bearer(clientToken), payload: { language } }))
        .statusCode,
    ).toBe(200);
  }
  return { lawyer, client, lawyerToken: await tokenFor(ctx, lawyer.id), clientToken };
}

const mailsTo = (address: string) => ctx.smtp.messages.filter((m) => m.to.includes(address));
const setStatus = async (s: Awaited<ReturnType<typeof setup>>, status: string) => {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/cases/${s.client.caseId}/status`,
    headers: bearer(s.lawyerToken),
    payload: { status },
  });
  expect(response.json()).toMatchObject({ ok: true });
};

async function rejectOne(s: Awaited<ReturnType<typeof setup>>, reason = 'Onleesbaar') {
  const [slot] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.caseId, s.client.caseId), eq(documents.mandatory, true)))
    .limit(1);
  const body = multipart({}, [{ filename: 'contract.pdf', contentType: 'application/pdf', data: PDF }]);
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${slot!.id}/upload`,
        headers: { ...bearer(s.clientToken), ...body.headers },
        payload: body.payload,
      })
    ).statusCode,
  ).toBe(200);
  const review = await ctx.app.inject({
    method: 'POST',
    url: `/api/documents/${slot!.id}/review`,
    headers: bearer(s.lawyerToken),
    payload: { status: 'Rejected', message: reason },
  });
  expect(review.statusCode).toBe(200);
  return slot!;
}

/** Moves the clock past the window and sends what is due. */
async function afterWindow() {
  await ctx.outbox.drain();
  ctx.clock.advance(WINDOW + 1_000);
  await ctx.outbox.drain();
}

describe('digests', () => {
  it('holds events of one recipient for the window and sends them as one mail; a login code goes at once', async () => {
    const s = await setup();
    await setStatus(s, 'negotiation-phase');
    await rejectOne(s, 'Vertrouwelijke reden');
    await ctx.outbox.drain();
    expect(mailsTo(s.client.email)).toHaveLength(0);

    const since = ctx.smtp.messages.length;
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email: s.client.email } })).statusCode,
    ).toBe(200);
    extractLoginCode(await ctx.smtp.waitForMail(s.client.email, { since }));
    expect(mailsTo(s.client.email)).toHaveLength(1);

    ctx.clock.advance(WINDOW / 2);
    await ctx.outbox.drain();
    expect(mailsTo(s.client.email)).toHaveLength(1);

    await afterWindow();
    const mails = mailsTo(s.client.email);
    expect(mails).toHaveLength(2);
    const digest = mails[1]!;
    expect(digest.subject).toBe('2 nieuwe meldingen in je portaal');
    expect(digest.text).toContain("Je jurist heeft het document '");
    expect(digest.text).toContain('Log in om te zien waarom');
    expect(digest.text).toContain('Je zaak is in de fase');
    expect(digest.text).toContain('Onderhandelingen');
    expect(digest.text).toContain(`${ctx.config.publicUrl}/documenten`);
    expect(digest.html).toContain('mail-logo.png');
    expect(`${digest.text}${digest.html}`).not.toContain('Vertrouwelijke reden');
    // A phase change is optional: the digest carries its unsubscribe link.
    expect(digest.text).toContain(`${ctx.config.publicUrl}/afmelden?token=`);
  });

  it('withdraws the mail on a shared document the lawyer hides or deletes before sending, keeps the rest', async () => {
    const s = await setup();
    const share = async (title: string) => {
      const body = multipart({ title }, [{ filename: 'notitie.pdf', contentType: 'application/pdf', data: PDF }]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${s.client.caseId}/documents`,
        headers: { ...bearer(s.lawyerToken), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(201);
      return (response.json() as { data: { id: string } }).data.id;
    };
    const hidden = await share('Interne strategie');
    const deleted = await share('Concept met fouten');
    await share('Advies voor jou');
    const visibility = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/documents/${hidden}/set-visibility`,
      headers: bearer(s.lawyerToken),
      payload: { visible: false },
    });
    expect(visibility.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${deleted}`, headers: bearer(s.lawyerToken) }))
        .statusCode,
    ).toBe(204);
    await afterWindow();
    const mails = mailsTo(s.client.email);
    expect(mails).toHaveLength(1);
    const text = `${mails[0]!.subject}${mails[0]!.text}${mails[0]!.html}`;
    expect(text).toContain('Advies voor jou');
    expect(text).not.toContain('Interne strategie');
    expect(text).not.toContain('Concept met fouten');
    const withdrawn = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, s.client.email), eq(outbox.status, 'skipped')));
    expect(withdrawn).toHaveLength(2);
    for (const row of withdrawn) expect(JSON.stringify(row.payload)).not.toMatch(/Interne|Concept/);
  });

  it('sends nothing for a status changed back and forth within the window', async () => {
    const s = await setup();
    await setStatus(s, 'negotiation-phase');
    await setStatus(s, 'reviewing-documents');
    await afterWindow();
    expect(mailsTo(s.client.email)).toHaveLength(0);
    const rows = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, s.client.email));
    expect(rows.map((r) => r.status)).toEqual(['skipped', 'skipped']);
  });

  it('drops a rejection the client dealt with: the document replaced and approved within the window', async () => {
    const s = await setup();
    const slot = await rejectOne(s, 'Onleesbaar');
    const body = multipart({}, [{ filename: 'contract-v2.pdf', contentType: 'application/pdf', data: PDF }]);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/documents/${slot.id}/upload`,
          headers: { ...bearer(s.clientToken), ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/documents/${slot.id}/review`,
          headers: bearer(s.lawyerToken),
          payload: { status: 'Approved' },
        })
      ).statusCode,
    ).toBe(200);
    await afterWindow();
    const text = mailsTo(s.client.email)
      .map((m) => `${m.subject}\n${m.text}`)
      .join('\n');
    expect(text).not.toContain('afgekeurd');
    const rows = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, s.client.email), eq(outbox.kind, 'document_rejected')));
    expect(rows.map((r) => r.status)).toEqual(['skipped']);
  });

  it('still mentions a rejection that is still open', async () => {
    const s = await setup();
    await rejectOne(s, 'Onleesbaar');
    await afterWindow();
    const text = mailsTo(s.client.email)
      .map((m) => `${m.subject}\n${m.text}`)
      .join('\n');
    expect(text).toContain('Een document is afgekeurd');
    const rows = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, s.client.email), eq(outbox.kind, 'document_rejected')));
    expect(rows.map((r) => r.status)).toEqual(['sent']);
  });

  it('mentions only the last phase when the status moved on twice', async () => {
    const s = await setup();
    await setStatus(s, 'negotiation-phase');
    await setStatus(s, 'ready-for-signing');
    await afterWindow();
    const mails = mailsTo(s.client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Je zaak is in een nieuwe fase: Klaar voor ondertekening');
    expect(mails[0]!.text).not.toContain('Onderhandelingen');
    expect(mails[0]!.text).toContain(`${ctx.config.publicUrl}/`);
  });

  it('writes the mail in the language the user chose in the app', async () => {
    const s = await setup('en-US');
    await setStatus(s, 'negotiation-phase');
    await afterWindow();
    const [mail] = mailsTo(s.client.email);
    expect(mail?.subject).toBe('Your case is in a new phase: Negotiations');
    expect(mail?.text).toContain('Hello Kees,');
    expect(mail?.text).toContain('Your lawyer is negotiating with your employer.');
  });
});

describe('preferences and unsubscribe links', () => {
  it('lets a user turn optional mails off and on, and keeps essential mails going', async () => {
    const s = await setup();
    const initial = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/mail-preferences',
      headers: bearer(s.clientToken),
    });
    expect(initial.json()).toEqual({ data: { phase_changes: true, reminders: true, uploads: true, email: true } });
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/mail-preferences',
      headers: bearer(s.clientToken),
      payload: { phase_changes: false },
    });
    expect(off.json()).toEqual({ data: { phase_changes: false, reminders: true, uploads: true, email: true } });
    await setStatus(s, 'negotiation-phase');
    await rejectOne(s);
    await afterWindow();
    const mails = mailsTo(s.client.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Een document is afgekeurd');
    expect(mails[0]!.text).not.toContain('afmelden?token=');
    const on = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/mail-preferences',
      headers: bearer(s.clientToken),
      payload: { phase_changes: true },
    });
    expect(on.json().data.phase_changes).toBe(true);
  });

  it('refuses bad preference bodies and anonymous requests, changing nothing', async () => {
    const s = await setup();
    for (const payload of [{ phase_changes: 'no' }, { login_codes: false }, { phase_changes: null }]) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/user/mail-preferences',
        headers: bearer(s.clientToken),
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/mail-preferences' })).statusCode).toBe(401);
    const now = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/mail-preferences',
      headers: bearer(s.clientToken),
    });
    expect(now.json()).toEqual({ data: { phase_changes: true, reminders: true, uploads: true, email: true } });
  });

  it("offers one-click unsubscribe (RFC 8058) in mail headers; the address takes the mail client's POST", async () => {
    const s = await setup();
    await setStatus(s, 'negotiation-phase');
    await afterWindow();
    const [mail] = mailsTo(s.client.email);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const address = /^<([^>]+)>$/.exec(mail!.headers['list-unsubscribe'] ?? '')?.[1];
    expect(address).toMatch(new RegExp(`^${ctx.config.publicUrl}/api/mail/unsubscribe/one-click\\?token=`));
    const path = address!.slice(ctx.config.publicUrl.length);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    // Opened in a browser, the address shows the portal's own page; it changes nothing.
    const opened = await ctx.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/^\/afmelden\?token=/);
    // Without the one-click body, or with a forged token, nothing changes.
    expect(
      (await ctx.app.inject({ method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=No' })).statusCode,
    ).toBe(422);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `${path}x`, headers: form, payload: 'List-Unsubscribe=One-Click' }))
        .statusCode,
    ).toBe(422);
    const prefs = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/user/mail-preferences', headers: bearer(s.clientToken) })
      ).json().data;
    expect((await prefs()).phase_changes).toBe(true);

    const done = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(await prefs()).toEqual({ phase_changes: false, reminders: true, uploads: true, email: true });
    // The multipart form a mail program may send instead.
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/mail-preferences',
      headers: bearer(s.clientToken),
      payload: { phase_changes: true },
    });
    const body = multipart({ 'List-Unsubscribe': 'One-Click' }, []);
    expect(
      (await ctx.app.inject({ method: 'POST', url: path, headers: body.headers, payload: body.payload })).statusCode,
    ).toBe(200);
    expect((await prefs()).phase_changes).toBe(false);
  });

  it('turns off exactly one kind through the signed link of a mail, without logging in', async () => {
    const s = await setup();
    await setStatus(s, 'negotiation-phase');
    await afterWindow();
    const [mail] = mailsTo(s.client.email);
    const link = /(http\S+\/afmelden\?token=[^\s\]"<>]+)/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    const token = decodeURIComponent(new URL(link!).searchParams.get('token')!);

    // Forged or altered tokens are refused and change nothing.
    const other = await setup();
    for (const bad of [
      token.replace(s.client.id, other.client.id),
      token.replace('phase_changes', 'uploads'),
      `${token}x`,
      'x',
      `${token}.extra`,
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/mail/unsubscribe', payload: { token: bad } });
      expect(response.statusCode).toBe(422);
    }
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      payload: { token: `${token}x` },
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.json().errors).toEqual({ token: ['This unsubscribe link is invalid.'] });
    const dutch = await ctx.app.inject({
      method: 'POST',
      url: '/api/mail/unsubscribe',
      payload: { token: `${token}x` },
    });
    expect(dutch.json().errors).toEqual({ token: ['Deze afmeldlink is ongeldig.'] });
    const unchanged = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/mail-preferences',
      headers: bearer(other.clientToken),
    });
    expect(unchanged.json().data).toEqual({ phase_changes: true, reminders: true, uploads: true, email: true });

    const response = await ctx.app.inject({ method: 'POST', url: '/api/mail/unsubscribe', payload: { token } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { topic: 'phase_changes' } });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/mail-preferences',
      headers: bearer(s.clientToken),
    });
    expect(after.json().data).toEqual({ phase_changes: false, reminders: true, uploads: true, email: true });

    await setStatus(s, 'ready-for-signing');
    await afterWindow();
    expect(mailsTo(s.client.email)).toHaveLength(1);
  });
});
