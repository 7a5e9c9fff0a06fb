/**
 * Typed errors thrown by domain code. Each carries a machine-readable `code` (the `error` field of
 * the JSON body) and optional extra fields (for example `retry_after`). Only
 * `http/error-handler.ts` knows which HTTP status each class becomes.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist (or the caller may not know it exists). */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found', code = 'not_found', details?: Record<string, unknown>) {
    super(code, message, details);
  }
}

/** The request clashes with the current state: a duplicate, a lost race, a wrong status. */
export class ConflictError extends DomainError {
  constructor(message: string, code = 'conflict', details?: Record<string, unknown>) {
    super(code, message, details);
  }
}

/** Input that parsed but breaks a rule; `issues` says where. */
export class ValidationError extends DomainError {
  constructor(message: string, issues: { path: string; message: string }[] = [], code = 'validation_error') {
    super(code, message, issues.length ? { issues } : {});
  }
}

/** No valid credentials came with the request. */
export class UnauthorizedError extends DomainError {
  constructor(message = 'A valid bearer token is required') {
    super('unauthorized', message);
  }
}

/** Valid credentials, but the caller's roles do not allow this. */
export class ForbiddenError extends DomainError {
  constructor(message = 'Your roles do not allow this action') {
    super('forbidden', message);
  }
}

/** A limit was reached; the body carries limit, window and retry_after. */
export class RateLimitError extends DomainError {
  constructor(limit: number, window: string, retryAfterSeconds: number, message = 'Rate limit exceeded') {
    super('rate_limit_exceeded', message, { limit, window, retry_after: retryAfterSeconds });
  }
}

/** A request body over a limit (a web visitor's upload over WEB_UPLOAD_MAX_BYTES); the body carries `limit_bytes`. */
export class PayloadTooLargeError extends DomainError {
  constructor(message: string, limitBytes: number) {
    super('payload_too_large', message, { limit_bytes: limitBytes });
  }
}

/** A provider or identity provider failed; the message says which and why. */
export class UpstreamError extends DomainError {
  constructor(message: string, code = 'upstream_error', details?: Record<string, unknown>) {
    super(code, message, details);
  }
}

/** The thing existed but is over for good: an ended or expired meeting room (docs/meetings.md). */
export class GoneError extends DomainError {
  constructor(message: string, code = 'gone', details?: Record<string, unknown>) {
    super(code, message, details);
  }
}

/**
 * A bot's script that answers a request itself (a WEBHOOK, a form handler) failed: a runtime
 * error, a limit, or a HEAR or WAIT with no conversation to resume it. The caller learns only
 * that; what went wrong is in the service log (docs/basic.md, "Webhooks and forms").
 */
export class ScriptFailedError extends DomainError {
  constructor(message = 'The bot\'s script failed; the error is in the service log') {
    super('script_failed', message);
  }
}

/**
 * How long a client is told to wait after a dependency fault (`Retry-After`): a restarting
 * PostgreSQL or Redis is usually back within a few seconds, and providers retry on their own
 * schedule anyway (docs/operations/high-availability.md, "Faults").
 */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/**
 * A dependency (the database, Redis, the embedded database's thread) cannot serve right now: the
 * request did nothing that lasts and may be sent again after `retryAfterSeconds`
 * (docs/operations/high-availability.md, "Faults"). Thrown by `infra/dependency-fault.ts` when
 * it recognises a driver's error, or by code that knows a dependency is down.
 */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message = 'A service this request depends on is unavailable; try again shortly',
    readonly retryAfterSeconds = DEPENDENCY_RETRY_AFTER_SECONDS,
  ) {
    super('service_unavailable', message, { retry_after: retryAfterSeconds });
  }
}
