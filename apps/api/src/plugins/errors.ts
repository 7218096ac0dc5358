import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorEnvelope, isErrorCode, serverMessage, type CodedEntry } from '@planvy/shared';
import { databaseErrorOf, errorForLog } from '../lib/error-log';
import { HttpError, type Message } from '../lib/http-error';
import { isConnectionLost, isDiskFull, unavailableCause } from '../db/database-errors';

function send(reply: FastifyReply, status: number, message: Message, fields?: Record<string, Message[]>) {
  const body = errorEnvelope(status, message, fields);
  // Refused before its body has all arrived (an early 401/404/413): close the connection
  // rather than let Node read and discard the rest to keep it alive.
  if (!reply.request.raw.complete) reply.header('connection', 'close');
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Turns "/info/0/url" into "info.0.url"; an empty path becomes the validation context. */
function fieldName(instancePath: string, context?: string): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || context || 'body';
}

/** A validation issue's message, with the code its refinement gave it (`codedIssue` in packages/shared). */
function issueMessage(issue: { message?: string; params?: Record<string, unknown> }): Message {
  const text = issue.message ?? 'Invalid value';
  const coded = issue.params?.params as Partial<CodedEntry> | undefined;
  if (!coded || !isErrorCode(coded.code) || typeof coded.params !== 'object' || coded.params === null)
    return text;
  return { code: coded.code, params: coded.params, message: text };
}

/**
 * A full disk or a database that is away is the operator's problem, not a bug: the caller
 * learns that nothing was saved and when to try again (507 Insufficient Storage / 503).
 */
function storageFailure(request: FastifyRequest, reply: FastifyReply, error: Error) {
  const unavailable = unavailableCause(error);
  const diskFull = unavailable ? unavailable.diskFull : isDiskFull(error);
  // The cause's code only: a driver error's message carries the query's parameters.
  let cause: unknown = error;
  while ((cause as { cause?: unknown }).cause) cause = (cause as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown }).code;
  request.log.error(
    { code, detail: unavailable?.message },
    diskFull ? 'disk full: nothing was saved' : 'database unavailable',
  );
  reply.header('retry-after', String(unavailable?.retryAfterSeconds ?? (diskFull ? 60 : 5)));
  return diskFull
    ? send(
        reply,
        507,
        "The server's disk is full, so nothing was saved. Ask the administrator to free some space.",
      )
    : send(reply, 503, 'The database is not available at the moment. Try again in a moment.');
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals in the envelope, the address not
 * echoed back. A path segment over find-my-way's maxParamLength (100) is 414; a malformed
 * percent-encoding 400. (Headers over Node's 16 KB, the request line included, are 431 from
 * connection-limits.ts.)
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const messages: Record<string, string> = {
    FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
    FST_ERR_BAD_URL: 'The address is not valid',
  };
  send(reply, error.statusCode ?? 400, messages[error.code] ?? 'Bad request');
}

/** The one error handler: every failure leaves as `{ message, errors, status_code }`. */
export const errorsPlugin = fp(async (app: FastifyInstance, opts: { spaIndex?: Buffer }) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.sent, error.fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, Message[]> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath, error.validationContext);
        (fields[key] ??= []).push(issueMessage(issue));
      }
      const first = Object.values(fields)[0]?.[0] ?? 'Invalid input';
      const detail = typeof first === 'string' ? first : first.message;
      return send(reply, 422, serverMessage('invalid', { detail }), fields);
    }
    // The client went away mid-body: the request stream's ECONNRESET is not the database's.
    // Nobody is left to answer; onRequestAbort below has logged it.
    if (request.raw.readableAborted) return send(reply, 400, 'The request was aborted');
    if (unavailableCause(error) || isDiskFull(error) || isConnectionLost(error)) {
      return storageFailure(request, reply, error);
    }
    // The route pattern, not the URL: ids and query values stay out of the log.
    const where = { method: request.method, route: request.routeOptions.url };
    // A value the database refused as data (SQLSTATE class 22: bad text, out of range) is the
    // caller's input, not a server fault. Validation should catch it first; this is the backstop.
    const dbCode = databaseErrorOf(error)?.code;
    if (dbCode?.startsWith('22')) {
      request.log.warn({ ...where, error: errorForLog(error) }, 'value refused by the database');
      return send(reply, 422, serverMessage('notStored'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ ...where, error: errorForLog(error) }, 'request failed');
      return send(reply, status === 503 ? 503 : 500, serverMessage('internal'));
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type…)
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
      FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
    };
    const message = messages[error.code] ?? (error.message || 'Bad request');
    return send(reply, status, message);
  });

  // A client that leaves before its request has arrived (a reset or close, however far it got)
  // is one debug line: nothing failed here, and nobody can flood the alerts with it.
  app.addHook('onRequestAbort', async (request) => {
    request.log.debug(
      { method: request.method, route: request.routeOptions.url },
      'request aborted by the client',
    );
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // Any other GET that is not an API or file URL is a client-side route of the admin SPA.
    if (opts.spaIndex && request.method === 'GET' && !url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(opts.spaIndex);
    }
    return send(reply, 404, `Route ${request.method} ${url} not found`);
  });
});
