import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { createTestContext, createTestLawyer, bearer, tokenFor, type TestContext } from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { users } from '../infra/db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const png = (w = 800, h = 600) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

async function upload(token: string, filename: string, data: Buffer | string, contentType = 'image/png') {
  const body = multipart({}, [{ field: 'avatar', filename, contentType, data }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/avatar',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

const avatarFile = (url: string) => path.join(ctx.config.dataDir, 'files', 'avatars', url.split('/').pop() as string);

describe('avatar', () => {
  it('stores an uploaded photo as a 256 px WebP and serves it', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const response = await upload(token, 'foto.png', await png());
    expect(response.statusCode).toBe(200);
    const url = response.json().data.avatar as string;
    expect(url).toMatch(/^\/files\/avatars\/.+\.webp$/);
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('replaces the old photo and removes its file', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const first = (await upload(token, 'a.png', await png())).json().data.avatar as string;
    const second = (
      await upload(
        token,
        'b.jpg',
        await sharp(await png())
          .jpeg()
          .toBuffer(),
        'image/jpeg',
      )
    ).json().data.avatar as string;
    expect(second).not.toBe(first);
    expect(existsSync(avatarFile(first))).toBe(false);
    expect(existsSync(avatarFile(second))).toBe(true);
  });

  const refused: [string, string, Buffer | string, string][] = [
    ['a text file named like a photo', 'photo.png', 'this is not an image', 'image/png'],
    [
      'an SVG image',
      'logo.svg',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      'image/svg+xml',
    ],
    ['a PDF', 'cv.jpg', '%PDF-1.4\n%%EOF', 'image/jpeg'],
    ['an empty file', 'empty.png', Buffer.alloc(0), 'image/png'],
  ];
  for (const [what, filename, data, type] of refused) {
    it(`refuses ${what} by its content and changes nothing`, async () => {
      const lawyer = await createTestLawyer(ctx);
      const token = await tokenFor(ctx, lawyer.id);
      const response = await upload(token, filename, data, type);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.avatar[0]).toMatch(/geen afbeelding/);
      const [row] = await ctx.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, lawyer.id));
      expect(row?.avatarKey).toBeNull();
    });
  }

  it('refuses a photo over 10 MB with 413', async () => {
    const lawyer = await createTestLawyer(ctx);
    const response = await upload(await tokenFor(ctx, lawyer.id), 'huge.png', Buffer.alloc(11 * 1024 * 1024, 1));
    expect(response.statusCode).toBe(413);
  });

  it('answers 3,000 small fields with 413 "too many fields", not "file too large" (audit), translated', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const body = multipart(Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`f${i}`, 'v'])), [
      { filename: 'me.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]), field: 'avatar' },
    ]);
    const dutch = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(dutch.statusCode).toBe(413);
    expect(dutch.json().message).toBe(
      'Het formulier bevat te veel velden of bestanden. Stuur één bestand met alleen de gevraagde gegevens.',
    );
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { ...bearer(token), ...body.headers, 'accept-language': 'en' },
      payload: body.payload,
    });
    expect(english.json().message).toBe(
      'The form contains too many fields or files. Send one file with only the requested details.',
    );
    const [row] = await ctx.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, lawyer.id));
    expect(row?.avatarKey).toBeNull();
  });

  it('removes the photo', async () => {
    const lawyer = await createTestLawyer(ctx);
    const token = await tokenFor(ctx, lawyer.id);
    const url = (await upload(token, 'a.png', await png())).json().data.avatar as string;
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/user/avatar', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.avatar).toBeNull();
    expect(existsSync(avatarFile(url))).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('needs a signed-in user and a well-formed file name', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/avatar' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/user/avatar' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/files/avatars/..%2F..%2Fapp-secret' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/files/avatars/x.webp' })).statusCode).toBe(404);
  });
});
