import { timingSafeEqual } from 'node:crypto';
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { type NextFunction, type Request, type IRouter, type Response } from 'express';
import { z } from 'zod';
import { SCIM_BASE_PATH, type ScimAnswer, type ScimCollection, type ScimQuery, type ScimService } from '../../identity/index.js';
import { dependencyFaultOf } from '../../infra/dependency-fault.js';
import { ValidationError } from '../../infra/errors.js';
import { DEFAULT_TENANT_ID, runAsTenant } from '../../tenancy/index.js';
import { refuseDeepJson } from '../json-body-depth.js';
import type { TenantLookup } from '../tenant-address.js';

const SCIM_TYPE = 'application/scim+json';
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A `scim-token` and the tenant of the bot that sets it: the tenant its requests run for. */
export interface ScimToken {
  token: string;
  tenant: string;
}

export interface ScimRoutesDeps {
  /** Runs in the scope of the token's tenant: its users and groups are that tenant's (docs/operations/tenants.md, "Identity"). */
  scim: ScimService;
  /** The `scim-token` values of the loaded bots (docs/configuration.md); with none, the routes are not mounted at all (404). */
  tokens: () => readonly ScimToken[];
}

const QuerySchema = z.object({
  filter: z.string().max(2000).optional(),
  attributes: z.string().max(2000).optional(),
  excludedAttributes: z.string().max(2000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
});

function send(res: Response, answer: ScimAnswer): void {
  res.status(answer.status);
  if (answer.body === undefined) res.end();
  else res.type(SCIM_TYPE).send(JSON.stringify(answer.body));
}

function scimFailure(status: number, detail: string, scimType?: string): ScimAnswer {
  return { status, body: { schemas: [SCIM_ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail } };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/scim/v2` (docs/migration/identity.md, "SCIM"): the SCIM protocol's own paths, bodies and
 * errors, so it is an express router of its own rather than `defineRoute`s; authorised by the
 * SCIM bearer token, never a user's token.
 */
export function mountScimRoutes(app: IRouter, deps: ScimRoutesDeps, tenants?: TenantLookup): void {
  const router = express.Router();
  router.use(express.json({ type: ['application/json', SCIM_TYPE], limit: '1mb', verify: refuseDeepJson }));
  router.use((req, res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    const granted = match ? deps.tokens().find((t) => sameSecret(match[1]!, t.token)) : undefined;
    if (!granted) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="scim"');
      return send(res, scimFailure(401, 'A valid SCIM bearer token is required'));
    }
    // The token says the tenant; an address naming another one (`/t/{tenant}/scim/v2`) is not its.
    void tenantRefusal(res.locals.tenantSlug as string | undefined, granted.tenant, tenants).then((refusal) => {
      if (refusal) return send(res, refusal);
      // Everything the request does from here on runs as the token's tenant.
      runAsTenant(granted.tenant, () => next());
    }, next);
  });
  const query = (req: Request): ScimQuery | undefined => {
    const parsed = QuerySchema.safeParse(req.query);
    return parsed.success ? Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as ScimQuery : undefined;
  };
  const withQuery = (req: Request, res: Response, work: (q: ScimQuery) => Promise<ScimAnswer>) => {
    const q = query(req);
    if (!q) return send(res, scimFailure(400, 'startIndex and count must be integers', 'invalidValue'));
    return work(q).then((answer) => send(res, answer));
  };
  router.get('/ServiceProviderConfig', async (_req, res) => send(res, await deps.scim.serviceProviderConfig()));
  for (const kind of ['Schemas', 'ResourceTypes'] as const) {
    router.get(`/${kind}`, async (_req, res) => send(res, await deps.scim.discovery(kind)));
    router.get(`/${kind}/:id`, async (req, res) => send(res, await deps.scim.discovery(kind, req.params.id)));
  }
  for (const collection of ['Users', 'Groups'] as const satisfies ScimCollection[]) {
    router.get(`/${collection}`, (req, res) => withQuery(req, res, (q) => deps.scim.list(collection, q)));
    router.get(`/${collection}/:id`, (req, res) => withQuery(req, res, (q) => deps.scim.get(collection, req.params.id, q)));
    router.post(`/${collection}`, async (req, res) => send(res, await deps.scim.create(collection, req.body)));
    router.put(`/${collection}/:id`, async (req, res) => send(res, await deps.scim.replace(collection, req.params.id, req.body)));
    router.patch(`/${collection}/:id`, async (req, res) => send(res, await deps.scim.patch(collection, req.params.id, req.body)));
    router.delete(`/${collection}/:id`, async (req, res) => send(res, await deps.scim.remove(collection, req.params.id)));
  }
  router.use((_req, res) => send(res, scimFailure(404, 'No such SCIM endpoint')));
  // A body that is not JSON, or nested too deeply (json-body-depth.ts), gets a SCIM error too, not the API's own error body.
  router.use((error: { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    // The database or Redis down: 503 with Retry-After, as on every route (http/error-handler.ts).
    const fault = dependencyFaultOf(error);
    if (fault) {
      res.setHeader('Retry-After', String(fault.retryAfterSeconds));
      return send(res, scimFailure(503, fault.message));
    }
    if (error instanceof ValidationError) return send(res, scimFailure(400, error.message, 'invalidSyntax'));
    send(res, scimFailure(error.status === 413 ? 413 : 400, error.status === 413 ? 'The request body is larger than 1 MB' : 'The request body is not valid JSON', error.status === 413 ? undefined : 'invalidSyntax'));
  });
  app.use(SCIM_BASE_PATH, router);
}

/** A token's tenant may be addressed by its own slug only, and a suspended tenant provisions nothing. */
async function tenantRefusal(slug: string | undefined, tenant: string, tenants: TenantLookup | undefined): Promise<ScimAnswer | undefined> {
  if (!tenants) return undefined;
  if (slug !== undefined && (await tenants.bySlug(slug))?.id !== tenant) return scimFailure(401, 'The SCIM token is not one of this tenant');
  if (tenant !== DEFAULT_TENANT_ID && (await tenants.byId(tenant))?.status !== 'active') return scimFailure(403, 'The tenant is suspended');
  return undefined;
}

const ScimBody = z.record(z.string(), z.unknown()).meta({ description: 'A SCIM resource or message (RFC 7643/7644)' });

/** The SCIM paths in the OpenAPI document, as a group, with their content type. */
export function describeScimRoutes(registry: OpenAPIRegistry): void {
  registry.registerComponent('securitySchemes', 'scimBearer', { type: 'http', scheme: 'bearer', description: 'The scim-token setting of config.csv' });
  const content = { [SCIM_TYPE]: { schema: ScimBody } };
  const responses = (status: number, description: string) => ({
    [status]: status === 204 ? { description } : { description, content },
    400: { description: 'SCIM error (invalidValue, invalidFilter, invalidSyntax…)', content },
    401: { description: 'Missing or wrong SCIM bearer token', content },
  });
  const path = (p: string) => `${SCIM_BASE_PATH}${p}`;
  const common = { tags: ['scim'], security: [{ scimBearer: [] }] };
  const id = z.object({ id: z.string() });
  registry.registerPath({ ...common, method: 'get', path: path('/ServiceProviderConfig'), summary: 'SCIM service provider configuration', responses: responses(200, 'ServiceProviderConfig') });
  for (const kind of ['Schemas', 'ResourceTypes']) {
    registry.registerPath({ ...common, method: 'get', path: path(`/${kind}`), summary: `SCIM ${kind}`, responses: responses(200, 'ListResponse') });
    registry.registerPath({ ...common, method: 'get', path: path(`/${kind}/{id}`), summary: `One of the SCIM ${kind}`, request: { params: id }, responses: responses(200, kind) });
  }
  for (const collection of ['Users', 'Groups']) {
    registry.registerPath({ ...common, method: 'get', path: path(`/${collection}`), summary: `Query SCIM ${collection} (filter eq/and, startIndex, count)`, request: { query: QuerySchema }, responses: responses(200, 'ListResponse') });
    registry.registerPath({ ...common, method: 'post', path: path(`/${collection}`), summary: `Create a SCIM ${collection.slice(0, -1)}`, request: { body: { content } }, responses: { ...responses(201, 'Created'), 409: { description: 'uniqueness', content } } });
    registry.registerPath({ ...common, method: 'get', path: path(`/${collection}/{id}`), summary: `Read a SCIM ${collection.slice(0, -1)}`, request: { params: id }, responses: { ...responses(200, 'Resource'), 404: { description: 'Not found', content } } });
    registry.registerPath({ ...common, method: 'put', path: path(`/${collection}/{id}`), summary: `Replace a SCIM ${collection.slice(0, -1)}`, request: { params: id, body: { content } }, responses: { ...responses(200, 'Resource'), 404: { description: 'Not found', content } } });
    registry.registerPath({ ...common, method: 'patch', path: path(`/${collection}/{id}`), summary: `Patch a SCIM ${collection.slice(0, -1)} (PatchOp; op in any case)`, request: { params: id, body: { content } }, responses: { ...responses(200, 'Resource'), 404: { description: 'Not found', content } } });
    registry.registerPath({ ...common, method: 'delete', path: path(`/${collection}/{id}`), summary: `Delete a SCIM ${collection.slice(0, -1)}`, request: { params: id }, responses: { ...responses(204, 'Deleted'), 404: { description: 'Not found', content } } });
  }
}
