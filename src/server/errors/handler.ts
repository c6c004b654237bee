import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from './errors';

const GENERIC = 'Er is iets fout gegaan. Probeer het later opnieuw.';

function zodIssuesToFields(issues: { path: (string | number)[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

function validationBody(errors: Record<string, string[]>) {
  const first = Object.values(errors)[0]?.[0] ?? 'De gegevens zijn ongeldig.';
  const more = Object.values(errors).reduce((n, list) => n + list.length, 0) - 1;
  return { message: more > 0 ? `${first} (en nog ${more} fout${more > 1 ? 'en' : ''})` : first, errors };
}

/** Maps every error to SPEC section 8: 401, 422 with field errors, others without details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'validation') return reply.status(422).send(validationBody(error.fieldErrors ?? { body: [error.message] }));
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .split('/')
          .filter(Boolean),
        message: v.message ?? 'Invalid',
      }));
      return reply.status(422).send(validationBody(zodIssuesToFields(issues)));
    }
    if (error instanceof ZodError) return reply.status(422).send(validationBody(zodIssuesToFields(error.issues)));
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'Het bestand of verzoek is te groot.' });
    if (status === 429) return reply.status(429).send({ message: 'Te veel verzoeken. Probeer het over een paar minuten opnieuw.' });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ message: 'Dit type inhoud wordt niet ondersteund.' });
    if (status === 400 || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      // Unparseable bodies are validation failures of the whole body.
      return reply.status(422).send(validationBody({ body: ['De gegevens konden niet worden gelezen.'] }));
    }
    if (status >= 400 && status < 500) return reply.status(status).send({ message: error.message });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC });
  });
}
