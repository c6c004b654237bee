import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A stand-in for a browser's push service (RFC 8030) for tests: HTTPS with a certificate of its
 * own, made at start with openssl (the key never leaves a temporary directory), so the product
 * must trust it (NODE_EXTRA_CA_CERTS=`caFile` for a product process, `agent` in this process).
 * Each device it hands out has its own P-256 key pair and auth secret like a browser's; every
 * push that arrives is decrypted with them (RFC 8291, aes128gcm) and its VAPID signature
 * (RFC 8292) checked, so a test reads the JSON the phone would show.
 */
export type ReceivedPush = {
  device: string;
  status: number;
  headers: Record<string, string | undefined>;
  /** The decrypted JSON; null when the push was refused with a scripted status. */
  json: unknown;
  vapidValid: boolean;
};

export type PushDevice = {
  id: string;
  endpoint: string;
  /** The browser's subscription JSON (`PushSubscription.toJSON()`). */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
};

export type PushServiceStandIn = {
  origin: string;
  /** The certificate (its own CA) to trust. */
  caFile: string;
  /** An https agent of this process that trusts the stand-in. */
  agent: Agent;
  received: ReceivedPush[];
  device: () => PushDevice;
  /** The next answers for a device, in order (then 201): 429, 500, 404, 410 … */
  script: (deviceId: string, ...statuses: number[]) => void;
  close: () => Promise<void>;
};

/** RFC 8291 section 3.4 and RFC 8188: the plaintext of an aes128gcm body for the receiver's key and auth secret. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // One record: the content, then the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not a last record');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key, for this origin, not expired. */
function isValidVapid(header: string | undefined, origin: string): boolean {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return false;
  const [, jwt = '', k = ''] = match;
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number };
  return signed && payload.aud === origin && typeof payload.exp === 'number' && payload.exp > Date.now() / 1000;
}

export async function startPushService(): Promise<PushServiceStandIn> {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-standin-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer; script: number[] }>();
  const received: ReceivedPush[] = [];
  let origin = '';
  const server: Server = createServer(
    { key: readFileSync(keyFile), cert: readFileSync(caFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
        const device = devices.get(id);
        if (!device || request.method !== 'POST') {
          response.writeHead(404).end();
          return;
        }
        const status = device.script.shift() ?? 201;
        const headers = {
          ttl: request.headers.ttl as string | undefined,
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
          'content-encoding': request.headers['content-encoding'],
          authorization: request.headers.authorization,
        };
        let json: unknown = null;
        if (status === 201)
          json = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), device.ecdh, device.auth).toString());
        received.push({ device: id, status, headers, json, vapidValid: isValidVapid(headers.authorization, origin) });
        response.writeHead(status, status === 429 ? { 'retry-after': '1' } : {}).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const agent = new Agent({ ca: readFileSync(caFile), keepAlive: false });
  return {
    origin,
    caFile,
    agent,
    received,
    device: () => {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, script: [] });
      const endpoint = `${origin}/push/${id}`;
      return {
        id,
        endpoint,
        subscription: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    script: (deviceId, ...statuses) => devices.get(deviceId)?.script.push(...statuses),
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
