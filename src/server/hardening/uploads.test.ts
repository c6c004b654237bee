import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestClient, createTestContext, tokenFor, type TestContext } from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { EXECUTABLE_MESSAGE } from '../documents/upload';
import { serverTranslate } from '../infra/errors/language';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'error' });
});
afterAll(async () => {
  await ctx.close();
});

async function upload(token: string, caseId: string, filename: string, data: Buffer | string) {
  const body = multipart({ title: 'Bijlage' }, [{ filename, data }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/documents`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

describe('file names and types (audit finding 9)', () => {
  it('removes bidi controls and invisible format characters from stored names, giving the real extension', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    // 'factuur\u202Efdp.exe' reads as 'factuurexe.pdf': without the control it is an .exe, which is refused.
    const program = await upload(token, client.caseId, 'factuur\u202Efdp.exe\u200B', '%PDF-1.4 nep');
    expect(program.statusCode).toBe(422);
    const response = await upload(token, client.caseId, 'factuur\u202Efdp.pdf\u200B', '%PDF-1.4 nep');
    expect(response.statusCode).toBe(201);
    const doc = response.json().data as { filename: string; extension: string };
    expect(doc.filename).toBe('factuurfdp.pdf');
    expect(doc.extension).toBe('pdf');
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u2060',
      '\uFEFF',
    ]) {
      const again = await upload(token, client.caseId, `a${c}b.pdf`, '%PDF-1.4');
      expect(again.json().data.filename).toBe('ab.pdf');
    }
  });

  it('refuses programs by their first bytes with 422 and a Dutch message, whatever the name', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const programs: [string, Buffer][] = [
      ['factuur.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])],
      ['foto.jpg', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])],
      ['brief.docx', Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1])],
      ['notities.txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ];
    for (const [name, data] of programs) {
      const response = await upload(token, client.caseId, name, data);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().errors.file).toEqual([serverTranslate('nl-NL')(EXECUTABLE_MESSAGE)]);
    }
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/cases/${client.caseId}/documents`,
      headers: bearer(token),
    });
    expect(list.json().data.some((d: { title: string }) => d.title === 'Bijlage')).toBe(false);
  });
});

describe('malformed multipart answers 400 (audit finding 6)', () => {
  it('on document and avatar upload: truncated, without boundary, with a wrong boundary', async () => {
    const client = await createTestClient(ctx);
    const token = await tokenFor(ctx, client.id);
    const good = multipart({ title: 'X' }, [{ filename: 'a.pdf', data: '%PDF-1.4 '.repeat(50) }]);
    const boundary = good.headers['content-type']!.split('boundary=')[1]!;
    const bodies: [string, Record<string, string>, Buffer][] = [
      ['truncated', good.headers, good.payload.subarray(0, good.payload.length - 60)],
      ['no boundary', { 'content-type': 'multipart/form-data' }, good.payload],
      ['wrong boundary', { 'content-type': 'multipart/form-data; boundary=nope' }, good.payload],
      [
        'garbage header',
        good.headers,
        Buffer.from(`--${boundary}\r\nthis is not a header\r\n\r\nx\r\n--${boundary}--\r\n`),
      ],
    ];
    for (const url of [`/api/cases/${client.caseId}/documents`, '/api/user/avatar']) {
      for (const [name, headers, payload] of bodies) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(token), ...headers },
          payload,
        });
        expect(response.statusCode, `${url} ${name}`).toBeLessThan(500);
        expect([400, 422], `${url} ${name}`).toContain(response.statusCode);
      }
      const truncated = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), ...good.headers },
        payload: bodies[0]![2],
      });
      expect(truncated.statusCode, `${url} truncated`).toBe(400);
    }
  });
});

describe('lesser points', () => {
  it('answers every /api request with no-store, the bare /api and unknown paths included', async () => {
    for (const url of ['/api', '/api/', '/api/nothing-here', '/api?x=1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
