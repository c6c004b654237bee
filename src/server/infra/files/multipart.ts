import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '../errors/errors';
import { classifyFailure, isMultipartLimit } from '../errors/classify';
import { BodyTooSlowError, takeUploadSlot } from '../http/body-limits';

/** A translation key: more files than one request may carry (its interpolation `max`). */
export const TOO_MANY_FILES_MESSAGE = 'errors.document.tooManyFiles';
/** A translation key: a second file where one request carries one. */
export const ONE_FILE_MESSAGE = 'errors.document.oneFile';

export type MultipartOptions<T> = {
  /** More file parts than this is 422 on `field` (TOO_MANY_FILES_MESSAGE, or ONE_FILE_MESSAGE for 1). */
  maxFiles: number;
  /** Only file parts of this name are taken; others are drained unread. Default: every file part. */
  fileField?: string;
  /** Largest text field in bytes (the parser's default otherwise). */
  fieldSize?: number;
  /** Largest file in bytes, when smaller than MAX_UPLOAD_MB (the parser's default). */
  fileSize?: number;
  /** The field that too many files are reported on. */
  field: string;
  /** The refusal of an absent or unreadable body. */
  unreadable: () => AppError;
  /** Takes one file part (stores it, or reads it into memory) while the body streams past. */
  take: (part: MultipartFile, index: number) => Promise<T>;
  /** Undoes `take` (removes a stored file) when the request is refused after it. */
  discard: (taken: T) => Promise<void>;
  /** The refusal for a file over its size limit. */
  tooLarge: () => AppError;
};

/**
 * The one way the server reads a multipart body: the upload slot of the signed-in user (429 when
 * all are in use, held until the response closes), the text fields wherever they come (before or
 * after the files), and each file part handed to `take` as it streams past, in order. On any
 * refusal whatever was taken is discarded. Call after authorization.
 *
 * Errors: a refusal of `take` (an AppError), a slow body, or too many parts or fields (the
 * error handler's 408 and 413) pass through; a file over its limit is `tooLarge()`; a malformed
 * body, an outage or a full disk while a file is being taken is the error handler's own answer
 * (400, 503, 507; any other failure of the storage its 500 with an error id); any other
 * unreadable body is `unreadable()`.
 */
export async function readMultipart<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: MultipartOptions<T>,
): Promise<{ fields: Record<string, string>; files: T[] }> {
  if (!request.authContext) throw new Error('readMultipart before authorization');
  if (!request.isMultipart()) throw options.unreadable();
  takeUploadSlot(request, reply, request.authContext.userId);
  const fields: Record<string, string> = {};
  const files: T[] = [];
  let taking = false;
  const limits = {
    // One file part more than allowed reaches the loop (and is refused with 422); more than that is the parser's 413.
    files: options.maxFiles + 1,
    ...(options.fieldSize === undefined ? {} : { fieldSize: options.fieldSize }),
    ...(options.fileSize === undefined ? {} : { fileSize: options.fileSize }),
  };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (!(part.fieldname in fields) && typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (options.fileField !== undefined && part.fieldname !== options.fileField) {
        part.file.resume();
        continue;
      }
      if (files.length >= options.maxFiles) {
        part.file.resume();
        throw tooManyFiles(options.field, options.maxFiles);
      }
      taking = true;
      files.push(await options.take(part, files.length));
      taking = false;
    }
  } catch (error) {
    await Promise.all(files.map((taken) => options.discard(taken).catch(() => undefined)));
    if (error instanceof AppError || error instanceof BodyTooSlowError || isMultipartLimit(error)) throw error;
    if (isFileTooLarge(error)) throw options.tooLarge();
    if (taking || classifyFailure(error)) throw error;
    throw options.unreadable();
  }
  return { fields, files };
}

function tooManyFiles(field: string, max: number): AppError {
  const message = max === 1 ? ONE_FILE_MESSAGE : TOO_MANY_FILES_MESSAGE;
  return new AppError(
    'validation',
    max === 1 ? ONE_FILE_MESSAGE : TOO_MANY_FILES_MESSAGE,
    { [field]: [message] },
    undefined,
    {
      max,
    },
  );
}

/** The parser's own file-size limit (a 413 of @fastify/multipart), not a limit on parts or fields. */
export function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}
