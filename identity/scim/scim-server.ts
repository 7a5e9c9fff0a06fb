import SCIMMY from 'scimmy';
import { dependencyFaultOf } from '../../infra/dependency-fault.js';
import type { ServiceUnavailableError } from '../../infra/errors.js';
import { normalizePatch } from './entra-quirks.js';
import type { ScimContext } from './scim-context.js';
import { deleteGroup, readGroups, writeGroup } from './scim-groups.js';
import { deleteUser, readUsers, writeUser } from './scim-users.js';

/** Where the SCIM service is mounted (docs/migration/identity.md, "SCIM"). */
export const SCIM_BASE_PATH = '/scim/v2';
/** Page size when the client sends no `count`, and the most one page holds. */
export const SCIM_DEFAULT_COUNT = 100;
export const SCIM_MAX_COUNT = 200;

/** A SCIM answer: the status and the body to send as application/scim+json (none for 204). */
export interface ScimAnswer {
  status: number;
  body?: unknown;
}

/** The query parameters of a SCIM read (RFC 7644 §3.4.2). */
export interface ScimQuery {
  filter?: string;
  attributes?: string;
  excludedAttributes?: string;
  startIndex?: number;
  count?: number;
}

type Ingress<R extends typeof SCIMMY.Resources.User | typeof SCIMMY.Resources.Group> = Parameters<R['ingress']>[0];
type Egress<R extends typeof SCIMMY.Resources.User | typeof SCIMMY.Resources.Group> = Parameters<R['egress']>[0];

/**
 * scimmy answers 404 for any error a handler throws that is not its own: a database outage would
 * read as "no such user" to the identity provider. A dependency fault is carried through scimmy
 * as its own error type and thrown again by `answer` for the router's 503 with `Retry-After`
 * (docs/operations/high-availability.md, "Faults").
 */
class ScimFault extends SCIMMY.Types.Error {
  constructor(readonly fault: ServiceUnavailableError) {
    super(500, '', fault.message);
  }
}

function faultsKept<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      const fault = dependencyFaultOf(error);
      throw fault ? new ScimFault(fault) : error;
    }
  };
}

let declared = false;

/**
 * scimmy keeps its resource types in one process-wide registry: they are declared once, and each
 * request's dependencies reach the handlers as scimmy's `ctx`, so several services in one process
 * (tests) stay apart.
 */
function declareOnce(): void {
  if (declared) return;
  declared = true;
  SCIMMY.Config.set({
    documentationUri: 'https://github.com/switchboard/switchboard/blob/main/docs/migration/identity.md',
    patch: { supported: true },
    filter: { supported: true, maxResults: SCIM_MAX_COUNT },
    authenticationSchemes: [{ type: 'oauthbearertoken', name: 'Bearer token', description: 'The scim-token setting (docs/configuration.md)', primary: true }],
  });
  // Our handlers build plain resource objects; scimmy checks them against the schema on the way out.
  SCIMMY.Resources.declare(SCIMMY.Resources.User.extend(SCIMMY.Schemas.EnterpriseUser, false))
    .ingress((faultsKept((resource, instance, ctx: ScimContext) => writeUser(resource, instance as unknown as Record<string, unknown>, ctx))) as Ingress<typeof SCIMMY.Resources.User>)
    .egress((faultsKept((resource, ctx: ScimContext) => readUsers(resource, ctx))) as Egress<typeof SCIMMY.Resources.User>)
    .degress(faultsKept((resource, ctx: ScimContext) => deleteUser(resource, ctx)))
    .basepath(SCIM_BASE_PATH);
  SCIMMY.Resources.declare(SCIMMY.Resources.Group)
    .ingress((faultsKept((resource, instance, ctx: ScimContext) => writeGroup(resource, instance as unknown as Record<string, unknown>, ctx))) as Ingress<typeof SCIMMY.Resources.Group>)
    .egress((faultsKept((resource, ctx: ScimContext) => readGroups(resource, ctx))) as Egress<typeof SCIMMY.Resources.Group>)
    .degress(faultsKept((resource, ctx: ScimContext) => deleteGroup(resource, ctx)))
    .basepath(SCIM_BASE_PATH);
  for (const resource of [SCIMMY.Resources.Schema, SCIMMY.Resources.ResourceType, SCIMMY.Resources.ServiceProviderConfig]) resource.basepath(SCIM_BASE_PATH);
}

const RESOURCES = { Users: () => SCIMMY.Resources.User, Groups: () => SCIMMY.Resources.Group } as const;
const DISCOVERY = { Schemas: () => SCIMMY.Resources.Schema, ResourceTypes: () => SCIMMY.Resources.ResourceType } as const;

/** The resource collections a client may write to. */
export type ScimCollection = keyof typeof RESOURCES;

/**
 * The SCIM 2.0 service provider (RFC 7643/7644) on scimmy: Users and Groups, the discovery
 * endpoints, `eq`/`and` filters, pagination and PATCH with any case of `op`. Every failure comes
 * back as a SCIM Error message, never thrown.
 */
export function createScimService(ctx: ScimContext) {
  declareOnce();
  const answer = async (status: number, work: () => Promise<unknown>): Promise<ScimAnswer> => {
    try {
      const body = await work();
      return body === undefined ? { status: 204 } : { status, body };
    } catch (error) {
      if (error instanceof ScimFault) throw error.fault;
      if (!(error instanceof SCIMMY.Types.Error) && !(error instanceof TypeError) && !(error instanceof SCIMMY.Messages.Error)) throw error;
      const message = new SCIMMY.Messages.Error(error);
      return { status: Number(message.status), body: message };
    }
  };
  const listConfig = (query: ScimQuery) => ({
    ...(query.filter !== undefined ? { filter: query.filter } : {}),
    ...(query.attributes !== undefined ? { attributes: query.attributes } : {}),
    ...(query.excludedAttributes !== undefined ? { excludedAttributes: query.excludedAttributes } : {}),
    startIndex: Math.max(1, query.startIndex ?? 1),
    count: Math.min(SCIM_MAX_COUNT, Math.max(0, query.count ?? SCIM_DEFAULT_COUNT)),
  });
  const itemConfig = (query: ScimQuery) => ({
    ...(query.attributes !== undefined ? { attributes: query.attributes } : {}),
    ...(query.excludedAttributes !== undefined ? { excludedAttributes: query.excludedAttributes } : {}),
  });
  return {
    serviceProviderConfig: () => answer(200, () => new SCIMMY.Resources.ServiceProviderConfig().read()),
    discovery: (kind: keyof typeof DISCOVERY, id?: string) => answer(200, () => {
      const Resource = DISCOVERY[kind]();
      return (id ? new Resource(id) : new Resource()).read();
    }),
    list: (collection: ScimCollection, query: ScimQuery) => answer(200, () => new (RESOURCES[collection]())(undefined, listConfig(query)).read(ctx)),
    get: (collection: ScimCollection, id: string, query: ScimQuery) => answer(200, () => new (RESOURCES[collection]())(id, itemConfig(query)).read(ctx)),
    create: (collection: ScimCollection, body: unknown) => answer(201, () => new (RESOURCES[collection]())().write(body, ctx)),
    replace: (collection: ScimCollection, id: string, body: unknown) => answer(200, () => new (RESOURCES[collection]())(id).write(body, ctx)),
    patch: (collection: ScimCollection, id: string, body: unknown) => answer(200, async () => {
      const patched = await new (RESOURCES[collection]())(id).patch(normalizePatch(body) as Parameters<InstanceType<typeof SCIMMY.Resources.User>['patch']>[0], ctx);
      // A PatchOp that changed nothing gives no resource: answer the resource as it stands.
      return patched ?? new (RESOURCES[collection]())(id).read(ctx);
    }),
    remove: (collection: ScimCollection, id: string) => answer(204, async () => {
      await new (RESOURCES[collection]())(id).dispose(ctx);
      return undefined;
    }),
  };
}

export type ScimService = ReturnType<typeof createScimService>;
