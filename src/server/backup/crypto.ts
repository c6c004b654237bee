import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * The encrypted archive (BACKUP_KEY): a 32-byte header (magic, scrypt salt, nonce base), then
 * records of at most CHUNK bytes of the gzipped tar, each sealed on its own with AES-256-GCM:
 * `flag (1) | length (4) | ciphertext | tag (16)`. The nonce is the base and the record's
 * number; the header, the number and the flag are authenticated with it, so a record cannot be
 * changed, moved, dropped or cut off: a missing final record (a truncated file) and any byte
 * after it are refused too. The key is derived from BACKUP_KEY with scrypt and a random salt per
 * archive, so two archives never share a key and a nonce.
 */
export const MAGIC = Buffer.from('PBAKGCM1');
const HEADER_BYTES = 32;
export const CHUNK = 1024 * 1024;
const TAG_BYTES = 16;
const RECORD_HEAD = 5;

export class BackupKeyError extends Error {}
export class DamagedArchiveError extends Error {}

function deriveKey(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

const nonceOf = (base: Buffer, index: number) => {
  const nonce = Buffer.alloc(12);
  base.copy(nonce, 0, 0, 8);
  nonce.writeUInt32BE(index, 8);
  return nonce;
};
const aadOf = (header: Buffer, index: number, final: boolean) => {
  const tail = Buffer.alloc(5);
  tail.writeUInt32BE(index, 0);
  tail[4] = final ? 1 : 0;
  return Buffer.concat([header, tail]);
};

/** True when the first bytes are those of an encrypted archive. */
export const isEncrypted = (head: Buffer) => head.length >= MAGIC.length && head.subarray(0, 8).equals(MAGIC);

/** A stream that encrypts what passes through it (the header first). */
export async function encryptStream(secret: string): Promise<Transform> {
  const salt = randomBytes(16);
  const base = randomBytes(8);
  const header = Buffer.concat([MAGIC, salt, base]);
  const key = await deriveKey(secret, salt);
  let index = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let headerSent = false;
  const seal = (plain: Buffer, final: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, nonceOf(base, index));
    cipher.setAAD(aadOf(header, index, final));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const head = Buffer.alloc(RECORD_HEAD);
    head[0] = final ? 1 : 0;
    head.writeUInt32BE(body.length, 1);
    index += 1;
    return Buffer.concat([head, body, cipher.getAuthTag()]);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!headerSent) {
        this.push(header);
        headerSent = true;
      }
      pending.push(chunk);
      pendingBytes += chunk.length;
      while (pendingBytes >= CHUNK) {
        const all = Buffer.concat(pending);
        this.push(seal(all.subarray(0, CHUNK), false));
        const rest = all.subarray(CHUNK);
        pending = rest.length > 0 ? [rest] : [];
        pendingBytes = rest.length;
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (!headerSent) this.push(header);
      this.push(seal(Buffer.concat(pending), true));
      callback();
    },
  });
}

/**
 * The reverse: checks every record as it arrives. A wrong key fails on the first record
 * (BackupKeyError), a changed byte later or a missing end as a DamagedArchiveError.
 */
export function decryptStream(secret: string): Transform {
  let buffer: Buffer = Buffer.alloc(0);
  let header: Buffer | null = null;
  let key: Buffer | null = null;
  let index = 0;
  let ended = false;
  const open = (record: Buffer, final: boolean): Buffer => {
    const body = record.subarray(RECORD_HEAD, record.length - TAG_BYTES);
    const tag = record.subarray(record.length - TAG_BYTES);
    const decipher = createDecipheriv(
      'aes-256-gcm',
      key as Buffer,
      nonceOf((header as Buffer).subarray(24, 32), index),
    );
    decipher.setAAD(aadOf(header as Buffer, index, final));
    decipher.setAuthTag(tag);
    try {
      const plain = Buffer.concat([decipher.update(body), decipher.final()]);
      index += 1;
      return plain;
    } catch {
      throw index === 0
        ? new BackupKeyError('The archive cannot be decrypted: BACKUP_KEY is wrong, or the archive is damaged.')
        : new DamagedArchiveError('The archive is damaged: a part of it does not match its checksum.');
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      const work = async () => {
        if (!header) {
          if (buffer.length < HEADER_BYTES) return;
          header = buffer.subarray(0, HEADER_BYTES);
          if (!isEncrypted(header)) throw new DamagedArchiveError('This is not an encrypted archive of the portal.');
          buffer = buffer.subarray(HEADER_BYTES);
          key = await deriveKey(secret, header.subarray(8, 24));
        }
        while (buffer.length >= RECORD_HEAD) {
          if (ended) throw new DamagedArchiveError('The archive is damaged: there are bytes after its end.');
          const flag = buffer[0];
          if (flag !== 0 && flag !== 1) throw new DamagedArchiveError('The archive is damaged.');
          const length = buffer.readUInt32BE(1);
          if (length > CHUNK + 64) throw new DamagedArchiveError('The archive is damaged.');
          const total = RECORD_HEAD + length + TAG_BYTES;
          if (buffer.length < total) return;
          const plain = open(buffer.subarray(0, total), flag === 1);
          buffer = buffer.subarray(total);
          if (flag === 1) ended = true;
          if (plain.length > 0) this.push(plain);
        }
      };
      work().then(
        () => callback(),
        (error: Error) => callback(error),
      );
    },
    flush(callback: TransformCallback) {
      if (!ended || buffer.length > 0)
        callback(new DamagedArchiveError('The archive is incomplete: it was cut off before its end.'));
      else callback();
    },
  });
}
