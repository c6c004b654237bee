import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { FILE_TOO_LARGE_MESSAGE, NO_FILE_MESSAGE } from '../../contract/documents';
import { AppError, fieldError } from '../errors/errors';
import { FileTooLargeError } from '../storage/storage';
import {
  contentTypeFor,
  extensionOf,
  headCollector,
  isExecutable,
  sanitizeFilename,
  sniffType,
} from '../files/content';
import { securityLog } from '../http/security-log';
import { activeContentScanner } from '../files/active-content';
import { BodyTooSlowError, takeUploadSlot } from '../http/body-limits';
import { classifyFailure, isMultipartLimit } from '../errors/classify';
import type { StoredFile } from './queries';
import { ACCEPTED_UPLOAD_LABEL, isAcceptedUpload } from '../../contract/rules/upload-types';

/** A translation key: the type is not on the list (contract/rules/upload-types.ts); names what is accepted. */
export const FILE_TYPE_MESSAGE = 'errors.document.fileType';

/** A translation key: more files than one request may carry (its interpolation `max`). */
export const TOO_MANY_FILES_MESSAGE = 'errors.document.tooManyFiles';

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

/**
 * The first file part of a multipart request (fields before it are in `fields`), or 422.
 * Call after authorization: it takes one of the user's upload slots (429 when all are in use),
 * held until the response closes.
 */
export async function receiveFilePart(request: FastifyRequest, reply: FastifyReply): Promise<MultipartFile> {
  if (!request.authContext) throw new Error('receiveFilePart before authorization');
  takeUploadSlot(request, reply, request.authContext.userId);
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch (error) {
    // Too many parts or fields is no file too large: the error handler answers 413 'too many fields or files'.
    if (error instanceof BodyTooSlowError || isMultipartLimit(error)) throw error;
    if (isTooLarge(error)) throw tooLarge(request);
    throw fieldError('file', NO_FILE_MESSAGE);
  }
  if (!part) throw fieldError('file', NO_FILE_MESSAGE);
  return part;
}

/**
 * A whole multipart upload, whatever the order of its parts: the one file is stored under `key`
 * (as storeFilePart) and the text fields are returned, those sent after the file as well as
 * those before it. (Reading only the fields before the file made a title sent after it depend
 * on how the body happened to arrive: taken one time, 'Dit veld is verplicht.' the next.)
 * Call after authorization, like receiveFilePart. Whoever refuses the fields afterwards removes
 * the stored file.
 *
 * A body that is absent or cannot be read as parts is 422 'Kies een bestand om te uploaden.'; a
 * failure while the file is being stored is the storage's, not the sender's, and reaches the
 * error handler as it is (503 unreachable, 507 full, else 500 with an error id).
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
): Promise<{ fields: Record<string, string>; file: StoredFile }> {
  if (!request.authContext) throw new Error('receiveUpload before authorization');
  takeUploadSlot(request, reply, request.authContext.userId);
  const fields: Record<string, string> = {};
  let file: StoredFile | null = null;
  let storing = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          continue;
        }
        storing = true;
        file = await storeFilePart(request, part, key);
        storing = false;
      } else if (!(part.fieldname in fields) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (file) await request.server.deps.storage.remove(file.key).catch(() => undefined);
    if (error instanceof AppError || error instanceof BodyTooSlowError || isMultipartLimit(error)) throw error;
    if (isTooLarge(error)) throw tooLarge(request);
    // A malformed body, an outage or a full disk: the error handler's own answers (400, 503, 507);
    // any other failure of the storage itself: its 500 with an error id, never 'no file'.
    if (storing || classifyFailure(error)) throw error;
    throw fieldError('file', NO_FILE_MESSAGE);
  }
  if (!file) throw fieldError('file', NO_FILE_MESSAGE);
  return { fields, file };
}

/**
 * A multipart upload of any number of files up to `maxFiles` (none is fine), whatever the order of
 * its parts: each file is stored as storeFilePart does, under `keyFor(index)`, and the text
 * fields are returned. One file more than `maxFiles` is 422 TOO_MANY_FILES_MESSAGE; on any refusal the files stored so
 * far are removed. Call after authorization, like
 * receiveUpload; whoever refuses the fields afterwards removes the stored files.
 */
export async function receiveUploads(
  request: FastifyRequest,
  reply: FastifyReply,
  input: { keyFor: (index: number) => string; maxFiles: number },
): Promise<{ fields: Record<string, string>; files: StoredFile[] }> {
  if (!request.authContext) throw new Error('receiveUploads before authorization');
  takeUploadSlot(request, reply, request.authContext.userId);
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  let storing = false;
  try {
    // One file part more than allowed reaches the loop (and is refused with 422); more than that is the parser's 413.
    for await (const part of request.parts({ limits: { files: input.maxFiles + 1 } })) {
      if (part.type === 'file') {
        if (files.length >= input.maxFiles) {
          part.file.resume();
          throw new AppError('validation', TOO_MANY_FILES_MESSAGE, { file: [TOO_MANY_FILES_MESSAGE] }, undefined, {
            max: input.maxFiles,
          });
        }
        storing = true;
        files.push(await storeFilePart(request, part, input.keyFor(files.length)));
        storing = false;
      } else if (!(part.fieldname in fields) && typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await Promise.all(files.map((file) => request.server.deps.storage.remove(file.key).catch(() => undefined)));
    if (error instanceof AppError || error instanceof BodyTooSlowError || isMultipartLimit(error)) throw error;
    if (isTooLarge(error)) throw tooLarge(request);
    if (storing || classifyFailure(error)) throw error;
    throw fieldError('file', NO_FILE_MESSAGE);
  }
  return { fields, files };
}

/** A text field sent before the file, or undefined. */
export function fieldValue(part: MultipartFile, name: string): unknown {
  const field = part.fields[name];
  const single = Array.isArray(field) ? field[0] : field;
  return single && single.type === 'field' ? single.value : undefined;
}

/** A generated storage key: never the user's file name. */
export const documentKey = (caseId: string, documentId: string, version: number) =>
  `documents/${caseId}/${documentId}-v${version}-${randomBytes(8).toString('hex')}`;

/** Only the file's own size limit; any other 413 (too many parts or fields) is not a file too large. */
function isTooLarge(error: unknown): boolean {
  if (error instanceof FileTooLargeError) return true;
  const e = error as { code?: string } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE';
}

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
export async function storeFilePart(request: FastifyRequest, part: MultipartFile, key: string): Promise<StoredFile> {
  const { storage, config } = request.server.deps;
  const collector = headCollector();
  const scanner = activeContentScanner();
  let size: number;
  try {
    ({ size } = await storage.put(key, part.file, {
      maxBytes: config.maxUploadBytes,
      onChunk: (chunk) => {
        collector.onChunk(chunk);
        scanner.onChunk(chunk);
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
  return { key, filename, extension, contentType: contentTypeFor(extension, sniffType(collector.head())), size };
}
