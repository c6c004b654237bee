import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  ComplaintReceiptResponseSchema,
  ComplaintRegisterResponseSchema,
  MyComplaintsResponseSchema,
} from '../../contract/complaints';
import { auditEvents, cases, complaintFiles, complaints, outbox, users } from '../infra/db/schema';
import { formatDateTime } from '../../contract/rules/dutch-date';
import { CSV_MOMENT, openAsDutchExcel } from '../infra/testing/dutch-excel';
import { ACCEPTED_UPLOAD_LABEL } from '../../contract/rules/upload-types';
import { UNAVAILABLE_MESSAGE } from '../infra/errors/handler';
import { serverTranslate } from '../infra/errors/language';
import { destroyExpiredFiles, purgeExpiredAccounts } from '../archive/retention';
import { getFileDestructionDate } from '../../contract/rules/case-route';
import { StorageUnavailableError } from '../infra/storage/storage';
import { multipart, type MultipartFile } from '../infra/testing/multipart';
import {
  bearer,
  createTestAdmin,
  createTestOfficer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { answerByDate } from './queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const SECRET = 'Mijn jurist reageerde drie weken niet op mijn berichten';
const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object, language = 'nl-NL') =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
    ...(payload ? { payload } : {}),
  });

async function world() {
  const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Jansen' });
  const client = await createTestClient(ctx, {
    status: 'completed',
    lawyerIds: [lawyer.id],
    name: 'Kees',
    lastName: 'Klant',
  });
  return {
    lawyer,
    client,
    lawyerToken: await tokenFor(ctx, lawyer.id),
    clientToken: await tokenFor(ctx, client.id),
    officer: await createTestOfficer(ctx),
  };
}

describe('complaints', () => {
  it('computes the answer-by date 4 weeks on in Amsterdam', () => {
    expect(answerByDate(new Date('2026-11-27T23:30:00Z'), 4)).toBe('2026-12-26');
    expect(answerByDate(new Date('2026-03-10T10:00:00Z'), 4)).toBe('2026-04-07');
  });

  it('files at any phase: 201 with the answer-by date, a receipt, a notice to the officer, no lawyer', async () => {
    const w = await world();
    const response = await call('POST', '/api/complaints', w.clientToken, { text: SECRET });
    expect(response.statusCode).toBe(201);
    const receipt = ComplaintReceiptResponseSchema.parse(response.json()).data;
    expect(receipt.status).toBe('received');
    expect(receipt.answer_by).toBe(answerByDate(ctx.clock.now(), 4));

    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(inArray(outbox.kind, ['complaint_received', 'complaint_filed']));
    expect(mails.filter((m) => m.recipientId === w.client.id)).toHaveLength(1);
    expect(mails.filter((m) => m.recipientId === w.officer.id)).toHaveLength(1);
    const [year, month, day] = receipt.answer_by.split('-');
    await ctx.outbox.drain();
    const mail = ctx.smtp.messages.find(
      (m) => m.to.includes(w.client.email) && m.subject === 'We hebben je klacht ontvangen',
    );
    expect(mail?.text).toContain(`uiterlijk ${day}-${month}-${year}`);
    // Mails never carry the complaint's text.
    for (const m of ctx.smtp.messages) expect(m.text).not.toContain('drie weken niet');
    // The lawyer complained about gets no mail, no timeline line, and no way in.
    expect(
      await ctx.db
        .select()
        .from(outbox)
        .where(
          and(
            eq(outbox.recipientId, w.lawyer.id),
            inArray(outbox.kind, ['complaint_received', 'complaint_filed', 'complaint_answered']),
          ),
        ),
    ).toEqual([]);
    const lines = await ctx.db.select().from(auditEvents).where(eq(auditEvents.caseId, w.client.caseId));
    expect(lines.some((l) => l.action.startsWith('complaint.'))).toBe(false);
    const timeline = await call('GET', `/api/cases/${w.client.caseId}/timeline`, w.lawyerToken);
    expect(timeline.body).not.toContain('drie weken');
    for (const url of ['/api/admin/complaints', '/api/admin/complaints.csv'])
      expect((await call('GET', url, w.lawyerToken)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/admin/complaints/${receipt.id}/outcome`, w.lawyerToken, { outcome: 'Afgewezen' }))
        .statusCode,
    ).toBe(403);
    const [filed] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'complaint.filed'), eq(auditEvents.subjectId, receipt.id)));
    expect(JSON.stringify(filed?.data)).not.toContain('drie weken');
  });

  it('lets only the complaints officer read the register; another admin gets 403, and reading is audited', async () => {
    const w = await world();
    await call('POST', '/api/complaints', w.clientToken, { text: SECRET });
    const plainAdmin = await createTestAdmin(ctx);
    const refused = await call('GET', '/api/admin/complaints', plainAdmin.token, undefined, 'en-US');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the complaints officer can read complaints.');
    const register = ComplaintRegisterResponseSchema.parse(
      (await call('GET', '/api/admin/complaints', w.officer.token)).json(),
    ).data;
    const mine = register.find((c) => c.client_name === 'Kees Klant' && c.case_id === w.client.caseId);
    expect(mine).toMatchObject({ text: SECRET, status: 'received', lawyer_names: ['Sanne Jansen'] });
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'complaint.register_read'), eq(auditEvents.actorId, w.officer.id)));
    expect(audit).toHaveLength(1);
    const csv = await call('GET', '/api/admin/complaints.csv', w.officer.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(SECRET);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFKlachtnummer;Ingediend op;Cliënt;Jurist(en);Status;Antwoord uiterlijk;Afgehandeld op;' +
        'Klachtenfunctionaris;Klacht;Behandeling;Uitkomst',
    );
  });

  it('exports the register as Dutch Excel opens it: a cell per value, é intact, Amsterdam time', async () => {
    const w = await world();
    await ctx.db.update(users).set({ name: '=Renée', lastName: 'Łukasiewicz' }).where(eq(users.id, w.client.id));
    const text = 'Eerste; tweede, "derde"\n=SUM(A1:A9)';
    const { id } = ComplaintReceiptResponseSchema.parse(
      (await call('POST', '/api/complaints', w.clientToken, { text: `-${text}` })).json(),
    ).data;
    const body = (await call('GET', '/api/admin/complaints.csv', w.officer.token)).body;
    const rows = openAsDutchExcel(body);
    expect(rows.every((row) => row.length === 11)).toBe(true);
    const row = rows.find((r) => r[0] === id)!;
    expect(row[1]).toMatch(CSV_MOMENT);
    expect(row[1]).toBe(formatDateTime(ctx.clock.now()));
    expect(row[2]).toBe("'=Renée Łukasiewicz");
    expect(row[3]).toBe('Sanne Jansen');
    expect(row[4]).toBe('Ontvangen');
    expect(row[5]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(row[8]).toBe(`'-${text}`);
  });

  it('records handling and outcome; the client sees them and the independent body with its period', async () => {
    const w = await world();
    const { id } = ComplaintReceiptResponseSchema.parse(
      (await call('POST', '/api/complaints', w.clientToken, { text: SECRET })).json(),
    ).data;
    expect(
      (
        await call('POST', `/api/admin/complaints/${id}/handling`, w.officer.token, {
          handling: 'Gesprek gevoerd met cliënt en jurist.',
        })
      ).statusCode,
    ).toBe(200);
    let mine = MyComplaintsResponseSchema.parse((await call('GET', '/api/complaints/mine', w.clientToken)).json());
    expect(mine.data[0]).toMatchObject({ id, status: 'in_progress', outcome: null });
    const closed = await call('POST', `/api/admin/complaints/${id}/outcome`, w.officer.token, {
      outcome: 'Klacht gegrond; excuses en korting.',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      handling: 'Gesprek gevoerd met cliënt en jurist.',
      officer_name: 'Olga Klacht',
    });
    mine = MyComplaintsResponseSchema.parse((await call('GET', '/api/complaints/mine', w.clientToken)).json());
    expect(mine.data[0]).toMatchObject({ status: 'closed', outcome: 'Klacht gegrond; excuses en korting.' });
    expect(mine.data[0]).not.toHaveProperty('handling');
    expect(mine.body).toEqual({
      name: 'Geschillencommissie Advocatuur',
      url: expect.stringMatching(/^https:/),
      months: 12,
    });
    expect(
      (await call('POST', `/api/admin/complaints/${id}/outcome`, w.officer.token, { outcome: 'Nog eens' })).statusCode,
    ).toBe(409);
    const answered = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'complaint_answered'), eq(outbox.recipientId, w.client.id)));
    expect(answered).toHaveLength(1);
    expect(JSON.stringify(answered[0]?.payload)).not.toContain('korting');
    expect(
      (
        await ctx.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.subjectId, id), eq(auditEvents.action, 'complaint.closed')))
      ).length,
    ).toBe(1);
  });

  it('refuses in order: 401, 403 for staff on client routes, 404 for unknown ids, 422 (nothing stored)', async () => {
    const w = await world();
    expect((await call('POST', '/api/complaints', null, { text: 'x' })).statusCode).toBe(401);
    expect((await call('POST', '/api/complaints', w.lawyerToken, { text: 'x' })).statusCode).toBe(403);
    expect((await call('GET', '/api/complaints/mine', w.officer.token)).statusCode).toBe(403);
    const before = (await ctx.db.select().from(complaints).where(eq(complaints.clientId, w.client.id))).length;
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(10_001) },
      { text: 'a\u0000b' },
      { text: 'ok', extra: 1 },
      { text: 5 },
    ]) {
      expect(
        (await call('POST', '/api/complaints', w.clientToken, body)).statusCode,
        JSON.stringify(body).slice(0, 40),
      ).toBe(422);
    }
    expect((await ctx.db.select().from(complaints).where(eq(complaints.clientId, w.client.id))).length).toBe(before);
    expect(
      (
        await call('POST', '/api/admin/complaints/00000000-0000-4000-8000-000000000000/outcome', w.officer.token, {
          outcome: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/api/admin/complaints/nope/outcome', w.officer.token, { outcome: 'x' })).statusCode,
    ).toBe(404);
  });

  it('lets an admin mark another admin as complaints officer, never a lawyer', async () => {
    const w = await world();
    const admin = await createTestAdmin(ctx);
    const other = await createTestAdmin(ctx);
    const marked = await call('POST', `/api/admin/admins/${other.id}/complaints-officer`, admin.token, {
      complaints_officer: true,
    });
    expect(marked.json().data).toMatchObject({ id: other.id, complaints_officer: true });
    expect((await call('GET', '/api/admin/complaints', other.token)).statusCode).toBe(200);
    expect(
      (
        await call('POST', `/api/admin/admins/${w.lawyer.id}/complaints-officer`, admin.token, {
          complaints_officer: true,
        })
      ).statusCode,
    ).toBe(404);
    const listed = await call('GET', '/api/admin/admins', admin.token);
    expect(listed.json().data.find((a: { id: string }) => a.id === other.id)).toMatchObject({
      complaints_officer: true,
    });
  });

  it('refuses self-appointment as complaints officer (403); another admin does it, every admin is mailed', async () => {
    const admin = await createTestAdmin(ctx);
    const other = await createTestAdmin(ctx);
    const self = await call('POST', `/api/admin/admins/${admin.id}/complaints-officer`, admin.token, {
      complaints_officer: true,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(serverTranslate('nl-NL')('errors.complaints.selfAppointment'));
    const [unchanged] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(unchanged!.complaintsOfficer).toBe(false);

    const appointed = await call('POST', `/api/admin/admins/${admin.id}/complaints-officer`, other.token, {
      complaints_officer: true,
    });
    expect(appointed.statusCode).toBe(200);
    expect(appointed.json().data).toMatchObject({ id: admin.id, complaints_officer: true });
    // The rule of the event (domain-events/person-mails.ts) tells every active admin, the one who did it too.
    const admins = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)));
    const told = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'complaints_officer_changed'));
    for (const { id } of admins) expect(told.map((m) => m.recipientId)).toContain(id);
    expect(told.find((m) => m.recipientId === other.id)?.payload).toMatchObject({ appointed: true });
    expect(told.find((m) => m.recipientId === admin.id)?.payload).toMatchObject({ appointed: true });

    // Stepping down oneself is allowed.
    const down = await call('POST', `/api/admin/admins/${admin.id}/complaints-officer`, admin.token, {
      complaints_officer: false,
    });
    expect(down.statusCode).toBe(200);
  });

  describe('documents attached to a complaint', () => {
    const PDF = Buffer.from('%PDF-1.4\nMARKER-COMPLAINT-FILE\n%%EOF\n');
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const send = (token: string, fields: Record<string, string>, files: MultipartFile[], language = 'nl-NL') => {
      const body = multipart(fields, files);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/complaints',
        headers: { ...bearer(token), ...body.headers, 'accept-language': language },
        payload: body.payload,
      });
    };
    const download = (id: string, token: string | null) => call('POST', `/api/complaint-files/${id}/download`, token);
    const stored = async (clientId: string) => {
      const keys: string[] = [];
      for await (const file of ctx.storage.list(`complaints/${clientId}/`)) keys.push(file.key);
      return keys;
    };

    it('keeps files (multipart) for the client and the officer only, audited without file names', async () => {
      const w = await world();
      const response = await send(w.clientToken, { text: SECRET }, [
        { filename: 'mail-van-jurist.pdf', contentType: 'application/pdf', data: PDF },
        { filename: 'schermafdruk.png', contentType: 'image/png', data: PNG },
      ]);
      expect(response.statusCode).toBe(201);
      const { id } = ComplaintReceiptResponseSchema.parse(response.json()).data;

      const mine = MyComplaintsResponseSchema.parse(
        (await call('GET', '/api/complaints/mine', w.clientToken)).json(),
      ).data.find((c) => c.id === id);
      expect(mine?.files.map((f) => f.filename)).toEqual(['mail-van-jurist.pdf', 'schermafdruk.png']);
      const register = ComplaintRegisterResponseSchema.parse(
        (await call('GET', '/api/admin/complaints', w.officer.token)).json(),
      ).data.find((c) => c.id === id);
      expect(register?.files).toEqual(mine?.files);

      const pdf = mine!.files[0]!;
      const byClient = await download(pdf.id, w.clientToken);
      expect(byClient.statusCode).toBe(200);
      expect(byClient.rawPayload.toString()).toContain('MARKER-COMPLAINT-FILE');
      expect(byClient.headers['content-disposition']).toContain('mail-van-jurist.pdf');
      expect(byClient.headers['content-type']).toBe('application/octet-stream');
      expect((await download(pdf.id, w.officer.token)).statusCode).toBe(200);

      // Never the lawyer complained about, never another admin, never another client.
      expect((await download(pdf.id, w.lawyerToken)).statusCode).toBe(403);
      expect((await download(pdf.id, (await createTestAdmin(ctx)).token)).statusCode).toBe(403);
      const other = await createTestClient(ctx, { status: 'check' });
      expect((await download(pdf.id, await tokenFor(ctx, other.id))).statusCode).toBe(404);
      expect((await download('00000000-0000-4000-8000-000000000000', w.clientToken)).statusCode).toBe(404);
      expect((await download(pdf.id, null)).statusCode).toBe(401);
      for (const url of [`/api/cases/${w.client.caseId}/documents`, `/api/cases/${w.client.caseId}/timeline`]) {
        expect((await call('GET', url, w.lawyerToken)).body).not.toContain('mail-van-jurist');
      }

      const lines = await ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
      expect(lines.map((l) => l.action).sort()).toEqual([
        'complaint.file_downloaded',
        'complaint.file_downloaded',
        'complaint.filed',
      ]);
      expect(lines.find((l) => l.action === 'complaint.filed')?.data).toMatchObject({ files: 2 });
      expect(lines.every((l) => l.caseId === null)).toBe(true);
      expect(JSON.stringify(lines)).not.toMatch(/mail-van-jurist|schermafdruk/);
    });

    const STORAGE_FAULT =
      'answers 404 when the stored file is gone and 503 with Retry-After when the store cannot be read, ' +
      'audits nothing, and 200 again after';
    it(STORAGE_FAULT, async () => {
      const w = await world();
      const response = await send(w.clientToken, { text: SECRET }, [
        { filename: 'mail-van-jurist.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      const { id } = ComplaintReceiptResponseSchema.parse(response.json()).data;
      const [file] = await ctx.db.select().from(complaintFiles).where(eq(complaintFiles.complaintId, id));
      const read = ctx.storage.read;
      const failures: [() => Error, number][] = [
        [() => Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' }), 404],
        [() => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }), 503],
        [() => new StorageUnavailableError('File storage (S3) is unreachable'), 503],
      ];
      try {
        for (const [failure, status] of failures) {
          ctx.storage.read = async () => {
            throw failure();
          };
          for (const token of [w.clientToken, w.officer.token]) {
            const refused = await download(file!.id, token);
            expect(refused.statusCode).toBe(status);
            expect(refused.body).not.toContain('mail-van-jurist');
            if (status === 404) continue;
            expect(refused.headers['retry-after']).toBeDefined();
            expect(refused.json().message).toBe(serverTranslate('nl-NL')(UNAVAILABLE_MESSAGE));
          }
        }
      } finally {
        ctx.storage.read = read;
      }
      const lines = await ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectId, id));
      expect(lines.map((l) => l.action)).toEqual(['complaint.filed']);
      expect((await download(file!.id, w.clientToken)).statusCode).toBe(200);
    });

    it('refuses another type (422 naming the accepted), too many files, a missing text: keeps nothing', async () => {
      const w = await world();
      const before = (await ctx.db.select().from(complaints).where(eq(complaints.clientId, w.client.id))).length;
      const bad = await send(w.clientToken, { text: SECRET }, [
        { filename: 'ok.pdf', contentType: 'application/pdf', data: PDF },
        { filename: 'script.exe.txt', contentType: 'text/plain', data: Buffer.from([0x00, 0x01, 0x02]) },
      ]);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.file).toEqual([
        `Dit type bestand kun je niet uploaden. Toegestaan zijn: ${ACCEPTED_UPLOAD_LABEL}.`,
      ]);

      const six = Array.from({ length: 6 }, (_, i) => ({
        filename: `bijlage-${i}.pdf`,
        contentType: 'application/pdf',
        data: PDF,
      }));
      const tooMany = await send(w.clientToken, { text: SECRET }, six, 'en-US');
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().errors.file).toEqual(['You can send at most 5 files at once.']);

      const noText = await send(w.clientToken, { text: '  ' }, [
        { filename: 'ok.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      expect(noText.statusCode).toBe(422);
      expect(noText.json().errors.text).toBeDefined();

      expect((await ctx.db.select().from(complaints).where(eq(complaints.clientId, w.client.id))).length).toBe(before);
      expect(await ctx.db.select().from(complaintFiles).where(eq(complaintFiles.clientId, w.client.id))).toEqual([]);
      expect(await stored(w.client.id)).toEqual([]);
      // A lawyer cannot file (403 before the body is read).
      expect(
        (
          await send(w.lawyerToken, { text: SECRET }, [
            { filename: 'ok.pdf', contentType: 'application/pdf', data: PDF },
          ])
        ).statusCode,
      ).toBe(403);
    });

    it('keeps the documents and their files with the archived file, and deletes them with it (retention)', async () => {
      const w = await world();
      expect(
        (
          await send(w.clientToken, { text: SECRET }, [
            { filename: 'ok.pdf', contentType: 'application/pdf', data: PDF },
          ])
        ).statusCode,
      ).toBe(201);
      expect(await stored(w.client.id)).toHaveLength(1);
      await ctx.db
        .update(cases)
        .set({ completedAt: new Date(ctx.clock.now().getTime() - 200 * 86_400_000) })
        .where(eq(cases.id, w.client.caseId));
      // The complaints register keeps them as long as the file; then they go with it.
      await purgeExpiredAccounts(ctx.db, ctx.storage, ctx.clock.now(), 1_000);
      expect(await stored(w.client.id)).toHaveLength(1);
      await destroyExpiredFiles(
        ctx.db,
        ctx.storage,
        getFileDestructionDate(new Date(ctx.clock.now().getTime() - 190 * 86_400_000)),
        5,
        1_000,
      );
      expect(await ctx.db.select().from(complaintFiles).where(eq(complaintFiles.clientId, w.client.id))).toEqual([]);
      expect(await stored(w.client.id)).toEqual([]);
    });
  });
});
