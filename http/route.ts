import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { IRouter, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import type { Principal, Role } from '../auth/index.js';
import { ValidationError } from '../infra/errors.js';
import { runAsTenant } from '../tenancy/index.js';
import type { TenantResolver } from './tenant-address.js';
import { ErrorBodySchema } from './schemas/common.js';
import { findUnstorableText } from './schemas/text.js';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type AnyObject = z.ZodType<Record<string, unknown>>;

/**
 * Who may call a route: anyone, any signed-in user, or holders of one of the roles (admins
 * always, except on routes open only to the installation's roles, `operator`: auth/roles.ts).
 * There is no default, so every new route says it out loud.
 */
export type Access = 'public' | 'authenticated' | readonly Role[];

/**
 * Error statuses a route's handler or use cases can answer besides those `describe()` derives
 * (400 and 503 always, 401 and 403 from `access`, 413 from `body` or `rawBody`). 401 is listed only by public routes
 * that check a credential of their own (a password, a visitor's session token).
 */
export type ErrorStatus = 401 | 403 | 404 | 409 | 410 | 429 | 502;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  401: 'Invalid credentials',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'Gone: the meeting room ended or expired',
  429: 'Rate limit exceeded',
  502: 'An upstream provider failed',
};

const RETRY_AFTER_HEADER = { 'Retry-After': { description: 'Seconds to wait before sending the request again', schema: { type: 'integer' as const } } };

/** One endpoint: its zod schemas serve validation, the handler's types and the OpenAPI entry. */
export interface RouteSpec<B extends z.ZodType, Q extends AnyObject, P extends AnyObject> {
  method: Method;
  /** Express-style path, `:name` for parameters, `*name` for a parameter spanning segments (a file's path). */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  /**
   * The body is a file's raw bytes, of any type (a web visitor's upload), read by a parser that
   * `http/app.ts` mounts for the path; the handler takes them from `req.body`. Described as binary.
   */
  rawBody?: { description: string };
  query?: Q;
  params?: P;
  /** Status of a successful answer (200 when absent). */
  status?: number;
  response: { description: string; schema?: z.ZodType };
  /** Error statuses the handler can answer beyond the derived ones (see `ErrorStatus`); none when absent. */
  errors?: readonly ErrorStatus[];
  /** The body of the `errors` answers when it is not the common one (the groups' `{error, code, status}`). */
  errorBody?: z.ZodType;
  handle(input: {
    body: z.output<B>;
    query: z.output<Q>;
    params: z.output<P>;
    principal: Principal;
    req: Request;
    res: Response;
  }): Promise<unknown>;
}

/** Keeps the generic parameters of a route when it is put in an array with others. */
export function defineRoute<B extends z.ZodType = z.ZodUndefined, Q extends AnyObject = AnyObject, P extends AnyObject = AnyObject>(
  spec: RouteSpec<B, Q, P>,
): RouteSpec<z.ZodType, AnyObject, AnyObject> {
  return spec as unknown as RouteSpec<z.ZodType, AnyObject, AnyObject>;
}

/** Checks the bearer token and roles of a request; provided by `auth-middleware.ts`. */
export type Authorizer = (req: Request, access: Access) => Promise<Principal | undefined>;

/**
 * Mounts each route on the router (the app itself in http/app.ts: a nested router costs every
 * request that passes through it a round of bookkeeping, docs/performance.md) and describes it in
 * the OpenAPI registry, from the same spec.
 */
export function mountRoutes(
  router: IRouter,
  registry: OpenAPIRegistry,
  authorize: Authorizer,
  routes: RouteSpec<z.ZodType, AnyObject, AnyObject>[],
  tenantOf: TenantResolver = () => undefined,
): void {
  for (const route of routes) {
    router[route.method](route.path, handlerFor(route, authorize, tenantOf));
    registry.registerPath(describe(route));
  }
}

function handlerFor(route: RouteSpec<z.ZodType, AnyObject, AnyObject>, authorize: Authorizer, tenantOf: TenantResolver): RequestHandler {
  return async (req, res) => {
    const principal = await authorize(req, route.access);
    // The rest runs as the request's tenant (docs/operations/tenants.md, "Addresses"); the default tenant's work opens no scope.
    const bot = req.params.bot;
    const tenant = await tenantOf(res, principal, typeof bot === 'string' ? bot : undefined);
    if (tenant === undefined) return handle(route, req, res, principal);
    return runAsTenant(tenant, () => handle(route, req, res, principal));
  };
}

async function handle(route: RouteSpec<z.ZodType, AnyObject, AnyObject>, req: Request, res: Response, principal: Principal | undefined): Promise<void> {
  const body = route.body ? parse(route.body, req.body ?? {}, 'body') : undefined;
  const query = route.query ? parse(route.query, req.query, 'query') : {};
  const params = route.params ? parse(route.params, joinWildcards(req.params), 'path') : {};
  const result = await route.handle({ body, query, params, principal: principal as Principal, req, res });
  if (res.headersSent) return; // the handler streamed or redirected itself
  answerJson(req, res, route.status ?? 200, result);
}

/**
 * GET and HEAD answers go through express's `res.json`, with the ETag conditional requests use.
 * Nothing revalidates the answer to a POST, PUT, PATCH or DELETE, so those skip the hash of the
 * body and express's header handling: a visitor's message is the busiest request of all
 * (docs/performance.md, "2026-11-29, later").
 */
function answerJson(req: Request, res: Response, status: number, result: unknown): void {
  if (req.method === 'GET' || req.method === 'HEAD' || result === undefined) {
    res.status(status).json(result);
    return;
  }
  const body = JSON.stringify(result);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** Express 5 gives a `*name` wildcard parameter as its segments; routes see the path they matched (`a/b.txt`). */
function joinWildcards(params: Record<string, string | string[]>): Record<string, string> {
  // Most routes have no wildcard: their parameters are passed on as they are, without a copy.
  if (!Object.values(params).some(Array.isArray)) return params as Record<string, string>;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value.join('/') : value]));
}

function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const unstorable = findUnstorableText(value, [where]);
  if (unstorable) throw new ValidationError(`Invalid request ${where}: ${unstorable.path}: ${unstorable.message}`, [unstorable]);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
  throw new ValidationError(`Invalid request ${where}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues);
}

function describe(route: RouteSpec<z.ZodType, AnyObject, AnyObject>) {
  const errors = (description: string, schema: z.ZodType = ErrorBodySchema) => ({ description, content: { 'application/json': { schema } } });
  const success = route.response.schema
    ? { description: route.response.description, content: { 'application/json': { schema: route.response.schema } } }
    : { description: route.response.description };
  return {
    method: route.method,
    path: route.path.replace(/[:*](\w+)/g, '{$1}'),
    summary: route.summary,
    tags: [route.tag],
    ...(route.access === 'public' ? {} : { security: [{ bearerAuth: [] }] }),
    request: {
      ...(route.body ? { body: { content: { 'application/json': { schema: route.body } } } } : {}),
      ...(route.rawBody ? { body: { description: route.rawBody.description, required: true, content: { '*/*': { schema: { type: 'string' as const, format: 'binary' } } } } } : {}),
      ...(route.query ? { query: route.query as z.ZodObject } : {}),
      ...(route.params ? { params: route.params as z.ZodObject } : {}),
    },
    responses: {
      [route.status ?? 200]: success,
      ...Object.fromEntries((route.errors ?? []).map((status) => [status, errors(ERROR_DESCRIPTIONS[status], status === 429 ? undefined : route.errorBody)])),
      400: errors('Invalid input'),
      ...(route.body || route.rawBody ? { 413: errors('Request body too large') } : {}),
      ...(route.access === 'public' ? {} : { 401: errors('Missing or invalid bearer token') }),
      ...(Array.isArray(route.access) ? { 403: errors('Role not allowed') } : {}),
      // Any route may meet a dependency fault (http/error-handler.ts); nothing of the request was kept.
      503: { ...errors('A dependency (the database or Redis) is unavailable: send again after Retry-After seconds'), headers: RETRY_AFTER_HEADER },
    },
  };
}
