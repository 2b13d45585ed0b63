/**
 * Errors under /api/ (spec "Errors"): one JSON shape for every error and the code table.
 *
 * Body: `{ message, error: { code, message, status, request_id, details? , debug? }, errors? }`; fields
 * without a value are omitted. `X-Request-Id` is set on error responses only: the request's id
 * (src/logger.ts `requestIdOf`), which its log line carries too. `error.debug` (`{ exception, message }`) only in debug
 * mode and only for status 500 and above. Every 503 carries `Retry-After` (seconds): the error's own, else
 * `RETRY_AFTER_S`.
 */
import { randomUUID } from 'node:crypto';
import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { requestIdOf } from '../logger';
import { z } from '../openapi/zod';

/** The machine-readable codes of the spec's table. */
export const ErrorCodeSchema = z
  .enum([
    'not_found',
    'unauthenticated',
    'forbidden',
    'validation_failed',
    'method_not_allowed',
    'too_many_requests',
    'server_error',
    'bad_request',
    'conflict',
    'gone',
    'unsupported_media_type',
    'unprocessable',
    'service_unavailable',
    'client_error',
    'application_error',
  ])
  .openapi('ErrorCode', { description: 'Machine-readable code; clients react to this and the HTTP status.' });

export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

const MESSAGES: Record<number, string> = {
  400: 'Bad request.',
  401: 'Unauthenticated.',
  403: 'Forbidden.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'Conflict.',
  410: 'Gone.',
  415: 'Unsupported media type.',
  422: 'Unprocessable.',
  429: 'Too many requests.',
  500: 'Server error.',
  503: 'Service unavailable.',
};

/**
 * Seconds a 503 tells clients to wait when its cause names no better time (Postgres unreachable or
 * refusing, a statement past its deadline): a restart or failover takes seconds, and clients that retry
 * sooner only add load to a dependency that is recovering.
 */
export const RETRY_AFTER_S = 5;

/** The code for a status when the error names none (the codes from `bad_request` on derive from it). */
export function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'bad_request',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    410: 'gone',
    415: 'unsupported_media_type',
    422: 'unprocessable',
    429: 'too_many_requests',
    503: 'service_unavailable',
  };
  return byStatus[status] ?? (status >= 500 ? 'server_error' : 'client_error');
}

/** What an `ApiError` may carry besides its status; each has a default from the status. */
export interface ApiErrorOptions {
  /** the spec's error code (default: the status's, e.g. 404 → `not_found`) */
  code?: ErrorCode;
  /** the message (default: the status's standard message) */
  message?: string;
  /** goes to `error.details` */
  details?: Record<string, unknown>;
  /** response headers (`Allow`, `Retry-After`, `Content-Range`, ...) */
  headers?: Record<string, string>;
}

/** An error with an HTTP status and a spec code; `details` go to `error.details`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(
    readonly status: number,
    options: ApiErrorOptions = {},
  ) {
    super(options.message ?? MESSAGES[status] ?? (status >= 500 ? 'Server error.' : 'Client error.'));
    this.code = options.code ?? codeForStatus(status);
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.name = 'ApiError';
  }

  /** 422 `validation_failed` with `fields` (name to messages) in `error.details.fields` and `errors`. */
  static validation(fields: Record<string, string[]>): ApiError {
    return new ApiError(422, {
      code: 'validation_failed',
      message: 'The given data was invalid.',
      details: { fields },
    });
  }
}

/** The error body of the spec ("Error body"); fields without a value are omitted, never null. */
export const ErrorBodySchema = z
  .strictObject({
    message: z.string().openapi({ description: 'Short English text; the same as `error.message`.' }),
    error: z.strictObject({
      code: ErrorCodeSchema,
      message: z.string().openapi({ description: 'Same text as `message`; may change.' }),
      status: z.int().openapi({ description: 'The HTTP status.' }),
      request_id: z.string().openapi({ description: 'Id of the request, also sent as `X-Request-Id`.' }),
      details: z.record(z.string(), z.unknown()).optional().openapi({
        description: 'Only when extra information exists (`fields` for `validation_failed`).',
      }),
      debug: z
        .strictObject({ exception: z.string(), message: z.string() })
        .optional()
        .openapi({ description: 'Only in debug mode (local) and for status 500 and above.' }),
    }),
    errors: z.record(z.string(), z.array(z.string())).optional().openapi({
      description: 'Only for `validation_failed`: field name to messages, as `error.details.fields`.',
    }),
  })
  .openapi('Error', { description: 'Every error under `/api/` has this shape.' });

export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The error body of the spec for `error` (an ApiError, or anything else as a 500). */
export function errorBody(error: unknown, id: string, debug: boolean): ErrorBody {
  const api = error instanceof ApiError ? error : new ApiError(500);
  const body: ErrorBody = {
    message: api.message,
    error: { code: api.code, message: api.message, status: api.status, request_id: id },
  };
  if (api.details && api.code !== 'not_found') body.error.details = api.details;
  const fields = api.details?.fields as Record<string, string[]> | undefined;
  if (api.code === 'validation_failed' && fields) body.errors = fields;
  if (debug && api.status >= 500) {
    const cause = error instanceof Error ? error : new Error(String(error));
    body.error.debug = { exception: cause.name, message: cause.message };
  }
  return body;
}

/** 404 `not_found` for any path no route answered (JSON, whatever the client accepts). */
export const notFound: RequestHandler = (_req, _res, next) => next(new ApiError(404));

/**
 * The one error middleware: the spec's body and `X-Request-Id`, never a stack trace.
 * Errors without a status (bugs, lost connections) become 500 `server_error`; `onServerError` logs them.
 */
export function errorHandler(options: {
  debug: boolean;
  onServerError?: (error: unknown, id: string) => void;
}) {
  const handler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const id = requestIdOf(req);
    const parsedStatus = (error as { status?: unknown; type?: unknown }).status;
    // Body parsers and similar middleware throw http-errors with a 4xx status.
    const api =
      error instanceof ApiError
        ? error
        : typeof parsedStatus === 'number' && parsedStatus >= 400 && parsedStatus < 500
          ? new ApiError(parsedStatus)
          : null;
    if (!api) options.onServerError?.(error, id);
    const body = errorBody(api ?? error, id, options.debug);
    for (const [name, value] of Object.entries(api?.headers ?? {})) res.setHeader(name, value);
    // Spec "Recommended client behaviour": a 503 is retried, so it always says when.
    if (body.error.status === 503 && !res.hasHeader('Retry-After'))
      res.setHeader('Retry-After', String(RETRY_AFTER_S));
    res.setHeader('X-Request-Id', id);
    res.status(body.error.status).json(body);
  };
  return handler;
}

/** Reason phrases and messages of the parser errors `clientErrorResponse` answers. */
const CLIENT_ERRORS = {
  400: ['Bad Request', 'Bad request.'],
  414: ['URI Too Long', 'Request line too long.'],
  431: ['Request Header Fields Too Large', 'Request header fields too large.'],
} as const;

/**
 * The raw HTTP response for an error of Node's HTTP parser, which no middleware sees (Node would send a
 * bare 400 or 431 without the spec's body). Node limits the request line and the headers together
 * (`http.maxHeaderSize`, 16 KB): 414 `client_error` when the request line alone passes the limit (no line
 * end within it in the bytes the parser saw), 431 when the headers do, 400 `bad_request` for anything else
 * unparsable (an unknown method, a malformed request line). The connection is closed after it.
 */
export function clientErrorResponse(error: { code?: string; rawPacket?: unknown }): string {
  let status: keyof typeof CLIENT_ERRORS = 400;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
    const lineEnd = raw?.indexOf('\r\n') ?? 0;
    status = raw && (lineEnd === -1 || lineEnd > maxHeaderSize) ? 414 : 431;
  }
  const [reason, message] = CLIENT_ERRORS[status];
  const id = randomUUID();
  const body = JSON.stringify(errorBody(new ApiError(status, { message }), id, false));
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${id}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Answers the parser errors of `server`'s connections in the spec's shape (`clientErrorResponse`). */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error));
  });
}
