import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { randomBytes } from 'node:crypto';
import { AppError } from './errors';
import {
  isValidationKey,
  validationKey,
  validationMessage,
  type Translate,
} from '../../../contract/validation-messages';
import { requestTranslate } from './language';
import { classifyFailure, errorCode, framesOf, isClientAbort, isMultipartLimit } from './classify';
import { securityLog } from '../http/security-log';
import { BodyTooSlowError } from '../http/body-limits';

// Translation keys (public/i18n): every answer is given in the request's language.
const GENERIC = 'errors.generic';
export const UNAVAILABLE_MESSAGE = 'errors.server.unavailable';
export const DISK_FULL_MESSAGE = 'errors.server.diskFull';
export const MALFORMED_UPLOAD_MESSAGE = 'errors.server.malformedUpload';
export const CONFLICT_MESSAGE = 'errors.server.conflict';
export const BAD_TEXT_MESSAGE = 'errors.server.badText';
/** Seconds a client waits before trying again after a 503. */
export const RETRY_AFTER_SECONDS = 30;

/**
 * The translated text of a refusal whose own message is no translation key (a framework's English
 * text): the answer never carries an untranslated message.
 */
const FALLBACK: Record<number, string> = {
  401: 'errors.unauthenticated',
  403: 'errors.server.forbidden',
  404: 'errors.server.notFound',
  409: CONFLICT_MESSAGE,
};
const fallbackKey = (status: number) => FALLBACK[status] ?? 'errors.server.badRequest';

/** A short id to quote to support; the same id is in the log line of the error. */
const newErrorId = () => randomBytes(6).toString('hex');

type Issue = Parameters<typeof validationMessage>[0] & { path: (string | number)[] };

/** Where a request part's own issues go (unknown keys, wrong shape): `body`, `query` or `params`. */
const ROOT_KEY: Record<string, string> = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' };

/**
 * Field errors in the request's language (one error map for every schema: contract/validation-messages.ts).
 * An issue of the part as a whole (`?page[]=1`: unknown key) goes under the part's key, so a
 * query string's error is never reported as the body's.
 */
function zodIssuesToFields(issues: Issue[], t: Translate, root = 'body'): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : root;
    (errors[key] ??= []).push(validationMessage(issue, t));
  }
  return errors;
}

/** An AppError message is a translation key (e.g. 'errors.offer.signed'), given in the request's language. */
const isErrorKey = (message: string) => /^(errors|hardening)\.[a-zA-Z]+(\.[a-zA-Z]+)*$/.test(message);

/** 422 body; texts that are translation keys (`validation.…`, `errors.…`) are given in the request's language. */
function validationBody(errors: Record<string, string[]>, t: Translate, values?: Record<string, string | number>) {
  const translated = Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      list.map((m) => (isValidationKey(m) || isErrorKey(m) ? t(m, values) : m)),
    ]),
  );
  const first = Object.values(translated)[0]?.[0] ?? t(validationKey('invalid'));
  const more = Object.values(translated).reduce((n, list) => n + list.length, 0) - 1;
  return { message: more > 0 ? t(validationKey('summary'), { first, count: more }) : first, errors: translated };
}

/**
 * Errors Fastify raises before routing (its `frameworkErrors` option): a path parameter longer
 * than maxParamLength (414) or a URL that is no valid percent-encoding (400). Fastify's own
 * answer echoed the path; this one has the app's format and a generic translated text.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const t = requestTranslate(request);
  request.log.info({ code: error.code, method: request.method }, 'request refused before routing');
  // No route and so none of the app's hooks: the headers every API answer carries, set here.
  void reply.header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ message: t('errors.server.uriTooLong') });
    return;
  }
  void reply.status(400).send({ message: t('errors.server.badUrl') });
}

/** Maps every error to 401, 422 with field errors, others without details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = requestTranslate(request);
    if (error instanceof AppError) {
      if (error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 404) {
        securityLog(request, 'access.refused', { reason: error.code, status: error.statusCode });
      }
      if (error.headers) reply.headers(error.headers);
      if (error.code === 'validation')
        return reply.status(422).send(validationBody(error.fieldErrors ?? { body: [error.message] }, t, error.values));
      return reply.status(error.statusCode).send({
        message:
          isErrorKey(error.message) || isValidationKey(error.message)
            ? t(error.message, error.values)
            : t(fallbackKey(error.statusCode)),
      });
    }
    if (error instanceof BodyTooSlowError) {
      return reply
        .status(408)
        .header('Connection', 'close')
        .send({ message: t('hardening.bodyTooSlow') });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        ...(v.params.issue as unknown as Issue),
        path: String(v.instancePath ?? '')
          .split('/')
          .filter(Boolean),
      }));
      const part = (error as { validationContext?: string }).validationContext ?? 'body';
      return reply.status(422).send(validationBody(zodIssuesToFields(issues, t, ROOT_KEY[part] ?? 'body'), t));
    }
    if (error instanceof ZodError)
      return reply.status(422).send(validationBody(zodIssuesToFields(error.issues as Issue[], t), t));
    if (isClientAbort(error, request.raw)) {
      // The client hung up or went silent mid-body (the idle limit closed it): nothing to answer,
      // and no server error; a client must not be able to fill the error log at will.
      request.log.info(
        {
          route: request.routeOptions?.url ?? null,
          method: request.method,
          code: errorCode(error) ?? null,
          kind: 'client_aborted',
        },
        'request body aborted by the client',
      );
      return reply
        .status(400)
        .header('Connection', 'close')
        .send({ message: t('errors.server.aborted') });
    }
    const failure = classifyFailure(error);
    const logFailure = (level: 'warn' | 'error', errorId?: string) =>
      request.log[level](
        {
          error_id: errorId,
          route: request.routeOptions?.url ?? null,
          method: request.method,
          code: errorCode(error) ?? null,
          kind: failure,
          frames: framesOf(error),
        },
        failure ? `request failed: ${failure}` : 'unhandled error',
      );
    if (failure === 'unavailable') {
      const errorId = newErrorId();
      logFailure('error', errorId);
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: t(UNAVAILABLE_MESSAGE), error_id: errorId });
    }
    if (failure === 'disk_full') {
      const errorId = newErrorId();
      logFailure('error', errorId);
      return reply
        .status(507)
        .header('Connection', 'close')
        .send({ message: t(DISK_FULL_MESSAGE), error_id: errorId });
    }
    if (failure === 'malformed_multipart')
      return reply
        .status(400)
        .header('Connection', 'close')
        .send({ message: t(MALFORMED_UPLOAD_MESSAGE) });
    if (failure === 'unique' || failure === 'conflict') {
      logFailure('warn');
      return reply.status(409).send({ message: t(CONFLICT_MESSAGE) });
    }
    if (failure === 'bad_text') return reply.status(422).send(validationBody({ body: [BAD_TEXT_MESSAGE] }, t));
    const status = error.statusCode ?? 500;
    // 413 too (the request as a whole is more than the server takes), with its own text: too many parts is no file too
    // large.
    if (isMultipartLimit(error))
      return reply
        .status(413)
        .header('Connection', 'close')
        .send({ message: t('errors.server.tooManyParts') });
    if (status === 413) return reply.status(413).send({ message: t('errors.server.tooLarge') });
    // The per-IP limiter's own text is already in the request's language (http/security.ts), with the seconds to wait.
    if (status === 429)
      return reply.status(429).send({
        message:
          typeof error.message === 'string' && error.message && !error.code
            ? error.message
            : t('errors.server.tooManyRequests'),
      });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send({ message: t('errors.server.unsupportedMediaType') });
    if (status === 408)
      return reply
        .status(408)
        .header('Connection', 'close')
        .send({ message: t('errors.server.requestTimeout') });
    if (
      status === 400 ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
    ) {
      // Unparseable bodies are validation failures of the whole body.
      return reply.status(422).send(validationBody({ body: [validationKey('unreadable')] }, t));
    }
    if (status >= 400 && status < 500) return reply.status(status).send({ message: t(fallbackKey(status)) });
    const errorId = newErrorId();
    logFailure('error', errorId);
    return reply.status(500).send({ message: t(GENERIC), error_id: errorId });
  });
}
