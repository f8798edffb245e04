import http from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS, type ErrorType } from '@lavoura/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import { errorBody } from './error-handler.ts';

/** A JSON body's default size limit; a route that takes uploads declares its own `bodyLimit`. */
const JSON_BODY_LIMIT = 1024 * 1024;
/** Longest path parameter (ids, codes, languages); a longer one is refused before routing. */
const MAX_PARAM_LENGTH = 200;
/** Deepest nesting of arrays and objects a JSON body may have: no payload of ours needs more. */
export const MAX_JSON_DEPTH = 64;

/**
 * Fastify answers a few request problems itself, before any hook or handler: a URL that is not
 * valid percent-encoding and a path parameter over `maxParamLength`. Both get our error shape.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const type = ERRORS.badRequest;
  reply
    .status(type.status)
    .header('cache-control', 'no-store')
    .send(errorBody(type.status, type.key, error.message));
}

/**
 * Node's HTTP parser refuses some requests (headers over `maxHeaderSize`, broken syntax) before
 * Fastify sees them; this writes the answer on the socket in our error shape.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let type: ErrorType = ERRORS.badRequest;
  let message = 'Malformed request';
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    type = ERRORS.headersTooLarge;
    message = 'Request headers too large';
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // The client took too long to send its request: nobody is waiting for an answer body.
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify(errorBody(type.status, type.key, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${type.status} ${http.STATUS_CODES[type.status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/** The Fastify server options that bound a request and answer its refusals in our shape. */
export const requestLimitOptions = {
  bodyLimit: JSON_BODY_LIMIT,
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  frameworkErrors,
  clientErrorHandler,
} as const;

/**
 * How deep arrays and objects nest in a JSON text, counted without parsing it, stopping as soon
 * as `limit` is passed: JSON.parse itself copes with any depth, but every recursive walk after it
 * (validation, the NUL guard, serialisation) would overflow the stack.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/**
 * Replaces Fastify's JSON body parser with the same parser (prototype-poisoning checks included)
 * behind a depth check: a body nested beyond MAX_JSON_DEPTH answers 400 validation_error.
 */
export function registerJsonDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
        done(
          new AppError(ERRORS.validation, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`, [
            { field: 'body', key: 'field.invalid', message: 'Nested too deeply' },
          ]),
          undefined,
        );
        return;
      }
      parseJson(request, body, done);
    },
  );
}
