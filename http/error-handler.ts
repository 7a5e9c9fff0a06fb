import type { ErrorRequestHandler, RequestHandler } from 'express';
import { requestIdOf } from './request-logging.js';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  ScriptFailedError,
  ServiceUnavailableError,
  UnauthorizedError,
  UpstreamError,
  ValidationError,
} from '../infra/errors.js';
import { dependencyFaultOf } from '../infra/dependency-fault.js';
import type { Logger } from '../infra/logger.js';
import { oncePer } from '../infra/once-per.js';
import { GroupError, type GroupErrorCode } from '../groups/index.js';
import type { ErrorBody } from './schemas/common.js';

/** The one place that knows which HTTP status each domain error becomes. */
export function statusOf(error: DomainError): number {
  if (error instanceof ValidationError) return 400;
  if (error instanceof UnauthorizedError) return 401;
  if (error instanceof ForbiddenError) return 403;
  if (error instanceof NotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof GoneError) return 410;
  if (error instanceof PayloadTooLargeError) return 413;
  if (error instanceof RateLimitError) return 429;
  if (error instanceof UpstreamError) return 502;
  if (error instanceof ScriptFailedError) return 500;
  if (error instanceof ServiceUnavailableError) return 503;
  return 400;
}

/** The group codes' statuses (docs/groups.md, "Errors"); their body is `{error, code, status}`. */
const GROUP_STATUS: Record<GroupErrorCode, number> = {
  GROUP_NOT_FOUND: 404, UNAUTHORIZED: 403, MEMBER_EXISTS: 409, MEMBER_NOT_FOUND: 404, IDP_ERROR: 502,
};

// Errors raised by express's own body parser (they carry `type` and `status`).
const BODY_PARSER_ERRORS: Record<string, { error: string; message: string }> = {
  'entity.parse.failed': { error: 'invalid_json', message: 'The request body is not valid JSON' },
  'entity.too.large': { error: 'payload_too_large', message: 'The request body is larger than the limit' },
  'encoding.unsupported': { error: 'unsupported_encoding', message: 'The request body encoding is not supported' },
  'charset.unsupported': { error: 'unsupported_charset', message: 'The request body charset is not supported' },
};

/**
 * Maps any thrown error to a JSON body `{error, message, …}`. A dependency fault (the database or
 * Redis down, infra/dependency-fault.ts) is 503 `service_unavailable` with `Retry-After`, logged
 * at warn at most every few seconds; other unknown errors are logged 500s.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  const shouldLogFault = oncePer(5_000);
  return (thrown: unknown, req, res, _next) => {
    const requestId = requestIdOf(res);
    const fault = thrown instanceof DomainError ? undefined : dependencyFaultOf(thrown);
    if (fault && shouldLogFault()) logger.warn({ err: thrown, request_id: requestId }, 'dependency unavailable: answered 503');
    const err = fault ?? thrown;
    if (err instanceof GroupError) {
      const groupStatus = GROUP_STATUS[err.code];
      if (!res.headersSent) res.status(groupStatus).json({ error: err.message, code: err.code, status: groupStatus });
      return;
    }
    let status: number;
    let body: ErrorBody;
    if (err instanceof DomainError) {
      status = statusOf(err);
      body = { error: err.code, message: err.message, ...err.details };
      const retryAfter = err instanceof RateLimitError ? err.details.retry_after : err instanceof ServiceUnavailableError ? err.retryAfterSeconds : undefined;
      if (retryAfter !== undefined && !res.headersSent) res.setHeader('Retry-After', String(retryAfter));
    } else if (isClientError(err)) {
      // The body parser's errors, and the router's 400 for a path parameter that is not a valid percent-escape.
      status = err.status;
      body = (err.type && BODY_PARSER_ERRORS[err.type]) || (err instanceof URIError
        ? { error: 'invalid_path', message: 'The request path holds a malformed percent-escape' }
        : { error: 'bad_request', message: err.message });
    } else if (databaseRefusalOf(err)) {
      ({ status, body } = databaseRefusalOf(err)!);
    } else {
      status = 500;
      body = { error: 'internal_error', message: 'Internal server error' };
      logger.error({ err, request_id: requestId }, 'unhandled error');
    }
    if (res.headersSent) return;
    res.status(status).json({ ...body, request_id: requestId });
  };
}

function isClientError(err: unknown): err is Error & { type?: string; status: number } {
  const e = err as { type?: unknown; status?: unknown } | null;
  return err instanceof Error && (e!.type === undefined || typeof e!.type === 'string') && typeof e!.status === 'number' && e!.status >= 400 && e!.status < 500;
}

/**
 * The database's refusals that a request can cause when it races another (a row deleted while a
 * child of it was being added, a duplicate inserted at the same moment): 409, not 500. The
 * driver's SQLSTATE is on the error or on its cause (the ORM wraps it).
 */
function databaseRefusalOf(err: unknown): { status: number; body: ErrorBody } | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (e.code === '23503') return { status: 409, body: { error: 'conflict', message: 'Something this request refers to no longer exists or is still in use' } };
    if (e.code === '23505') return { status: 409, body: { error: 'conflict', message: 'This already exists' } };
  }
  return undefined;
}

/** JSON 404 for every path no route matched. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ error: 'not_found', message: `No route for ${req.method} ${req.path}`, request_id: requestIdOf(res) });
};
