import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_TOO_LARGE_MESSAGE, NO_FILE_MESSAGE } from '../../contract/documents';
import { AppError, fieldError } from '../infra/errors/errors';
import { FileTooLargeError } from '../infra/storage/storage';
import {
  contentTypeFor,
  extensionOf,
  headCollector,
  isExecutable,
  sanitizeFilename,
  sniffType,
} from '../infra/files/content';
import { securityLog } from '../infra/http/security-log';
import { activeContentScanner } from '../infra/files/active-content';
import { isMultipartLimit } from '../infra/errors/classify';
import { isFileTooLarge, readMultipart } from '../infra/files/multipart';
import type { StoredFile } from './queries';
import { ACCEPTED_UPLOAD_LABEL, isAcceptedUpload } from '../../contract/rules/upload-types';

/** A translation key: the type is not on the list (contract/rules/upload-types.ts); names what is accepted. */
export const FILE_TYPE_MESSAGE = 'errors.document.fileType';

/** A translation key (public/i18n), given in the request's language by the error handler. */
export const EXECUTABLE_MESSAGE = 'errors.document.executable';

/** A translation key: a macro-enabled Office file or a PDF with script or launch actions (files/active-content.ts). */
export const ACTIVE_CONTENT_MESSAGE = 'errors.document.activeContent';

/**
 * After a file was stored: removes it and refuses with 422 when the scanner that saw it stream
 * past found active content, or could not check it (files/active-content.ts).
 */
export async function refuseActiveContent(
  request: FastifyRequest,
  scanner: ReturnType<typeof activeContentScanner>,
  key: string,
): Promise<void> {
  const found = await scanner.result();
  if (found === 'clean') return;
  await request.server.deps.storage.remove(key);
  const reason = found === 'active' ? 'active_content' : 'active_content_unchecked';
  securityLog(request, 'upload.refused', { reason });
  throw fieldError('file', ACTIVE_CONTENT_MESSAGE);
}

/** A stored file, with its bytes when the caller asked to read them back (`keepBytes`). */
export type ReceivedFile = StoredFile & { bytes?: Buffer };

/**
 * A multipart upload of up to `maxFiles` files (none is fine unless `requireFile`), whatever the
 * order of its parts (files/multipart.ts): each file is stored as storeFilePart does, under
 * `keyFor(index)`, and the text fields are returned. One file more than `maxFiles` is 422
 * TOO_MANY_FILES_MESSAGE; on any refusal the files stored so far are removed. (Reading only the
 * fields before the file made a title sent after it depend on how the body happened to arrive:
 * taken one time, 'Dit veld is verplicht.' the next.) Call after authorization; whoever refuses
 * the fields afterwards removes the stored files.
 */
export async function receiveUploads(
  request: FastifyRequest,
  reply: FastifyReply,
  input: {
    keyFor: (index: number) => string;
    maxFiles: number;
    requireFile?: boolean;
    fileField?: string;
    fieldSize?: number;
    keepBytes?: boolean;
  },
): Promise<{ fields: Record<string, string>; files: ReceivedFile[] }> {
  const received = await readMultipart(request, reply, {
    maxFiles: input.maxFiles,
    fileField: input.fileField,
    fieldSize: input.fieldSize,
    field: 'file',
    unreadable: () => fieldError('file', NO_FILE_MESSAGE),
    take: (part, index) => storeFilePart(request, part, input.keyFor(index), { keepBytes: input.keepBytes }),
    discard: (file) => request.server.deps.storage.remove(file.key),
    tooLarge: () => tooLarge(request),
  });
  if (input.requireFile && received.files.length === 0) throw fieldError('file', NO_FILE_MESSAGE);
  return received;
}

/** An upload of exactly one file, stored under `key` (receiveUploads), with the text fields. */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
): Promise<{ fields: Record<string, string>; file: ReceivedFile }> {
  const { fields, files } = await receiveUploads(request, reply, { keyFor: () => key, maxFiles: 1, requireFile: true });
  return { fields, file: files[0]! };
}

/** A generated storage key: never the user's file name. */
export const documentKey = (caseId: string, documentId: string, version: number) =>
  `documents/${caseId}/${documentId}-v${version}-${randomBytes(8).toString('hex')}`;

/** Only the file's own size limit; any other 413 (too many parts or fields) is not a file too large. */
const isTooLarge = (error: unknown) => error instanceof FileTooLargeError || isFileTooLarge(error);

function tooLarge(request: FastifyRequest): AppError {
  return new AppError('payload_too_large', FILE_TOO_LARGE_MESSAGE, undefined, undefined, {
    maxMb: Math.round(request.server.deps.config.maxUploadBytes / (1024 * 1024)),
  });
}

/**
 * Streams the part into storage under `key` (capped at MAX_UPLOAD_MB; nothing is kept when
 * it is too large) and describes what was stored. The display name is sanitised; the
 * content type is previewable only when the bytes match the extension.
 */
export async function storeFilePart(
  request: FastifyRequest,
  part: MultipartFile,
  key: string,
  options: { keepBytes?: boolean } = {},
): Promise<ReceivedFile> {
  const { storage, config } = request.server.deps;
  const collector = headCollector();
  const scanner = activeContentScanner();
  const chunks: Buffer[] | undefined = options.keepBytes ? [] : undefined;
  let size: number;
  try {
    ({ size } = await storage.put(key, part.file, {
      maxBytes: config.maxUploadBytes,
      onChunk: (chunk) => {
        collector.onChunk(chunk);
        scanner.onChunk(chunk);
        chunks?.push(chunk);
      },
    }));
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    if (isMultipartLimit(error)) throw error;
    if (isTooLarge(error)) throw tooLarge(request);
    throw error;
  }
  if (part.file.truncated) {
    await storage.remove(key);
    throw tooLarge(request);
  }
  if (isExecutable(collector.head())) {
    await storage.remove(key);
    securityLog(request, 'upload.refused', { reason: 'executable' });
    throw fieldError('file', EXECUTABLE_MESSAGE);
  }
  const filename = sanitizeFilename(part.filename);
  const extension = extensionOf(filename);
  if (!isAcceptedUpload(extension, collector.head())) {
    await storage.remove(key);
    securityLog(request, 'upload.refused', { reason: 'file_type' });
    throw new AppError('validation', FILE_TYPE_MESSAGE, { file: [FILE_TYPE_MESSAGE] }, undefined, {
      types: ACCEPTED_UPLOAD_LABEL,
    });
  }
  await refuseActiveContent(request, scanner, key);
  const contentType = contentTypeFor(extension, sniffType(collector.head()));
  return { key, filename, extension, contentType, size, ...(chunks ? { bytes: Buffer.concat(chunks) } : {}) };
}
