import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@acervo/contract/errors';
import { isValidationCode, type ValidationCode } from '@acervo/contract/validation';
import { DatabaseUnavailableError } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';

/** Seconds a client waits before retrying while the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

function body(code: ErrorCode, message: string, extra: Partial<ErrorBody['error']> = {}): ErrorBody {
  return { error: { code, message, ...extra } };
}

/** Framework errors a client can cause, with the code they get. */
const CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'O conteúdo enviado é grande demais.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Tipo de conteúdo não suportado.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_FAILED', 'Tamanho do conteúdo inválido.'],
  // @fastify/multipart (the photo upload): past the file limit, a second part, not multipart.
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'O conteúdo enviado é grande demais.'],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Envie um único arquivo.'],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Envie um único arquivo.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Tipo de conteúdo não suportado.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'VALIDATION_FAILED', 'O corpo JSON está vazio.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION_FAILED', 'O corpo JSON é inválido.'],
  // Raised by the router before any route runs: see `frameworkErrors`.
  FST_ERR_BAD_URL: [400, 'VALIDATION_FAILED', 'Endereço inválido.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'VALIDATION_FAILED', 'Endereço longo demais.'],
};

/**
 * The single place that shapes error bodies: `{ error: { code, message, fields? } }`. A 5xx never
 * carries internals, only the request id that finds it in the logs.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * Also Fastify's `frameworkErrors` option: the router answers a badly encoded URL or an over-long
 * path parameter before any route or error handler runs, in a body of its own unless given this.
 */
export function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof DatabaseUnavailableError) {
    // Only what failed, never the statement: connection errors carry neither SQL nor parameters.
    const cause = err.cause as { code?: string; message?: string } | undefined;
    request.log.warn({ cause: { code: cause?.code, message: cause?.message } }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  }
  if (err instanceof AppError) {
    return reply.status(err.statusCode).send(
      body(err.code, err.message, {
        ...(err.fields ? { fields: err.fields } : {}),
        ...(err.params ? { params: err.params } : {}),
      }),
    );
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, ValidationCode> = {};
    for (const issue of err.validation) {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      // Contract messages are codes; a rule without one (zod's own wording) is just 'invalid'.
      fields[path] ??= isValidationCode(issue.message) ? issue.message : 'invalid';
    }
    return reply.status(400).send(body('VALIDATION_FAILED', 'Verifique os campos destacados.', { fields }));
  }
  const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
  if (known) {
    const [status, code, message] = known;
    return reply.status(status).send(body(code, message));
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    request.log.info({ err }, 'client error');
    return reply.status(err.statusCode).send(body('VALIDATION_FAILED', 'Requisição inválida.'));
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send(
    body('INTERNAL', 'Ocorreu um problema inesperado. Por favor, tente novamente.', {
      request_id: request.id,
    }),
  );
}
