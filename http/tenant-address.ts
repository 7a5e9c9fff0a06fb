import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Principal } from '../auth/index.js';
import { ForbiddenError, NotFoundError } from '../infra/errors.js';
import { DEFAULT_TENANT_ID } from '../tenancy/index.js';

/**
 * Which tenant a request is for, before any route runs (docs/operations/tenants.md, "Addresses").
 * Every address of a single-tenant deployment stays as it is; a tenant's bot answers at the same
 * addresses when no other tenant uses its name, and always under `/t/{tenant}/…`, e.g.
 * `/t/acme/webhooks/sms/support`. Signed-in requests are their token's tenant (http/route.ts).
 */
export interface TenantLookup {
  /** The tenant of this slug, or undefined when there is none. */
  bySlug(slug: string): Promise<{ id: string; status: 'active' | 'suspended' } | undefined>;
  /** The tenant of this id, or undefined when there is none (what a SCIM token's tenant is checked with). */
  byId(id: string): Promise<{ id: string; status: 'active' | 'suspended' } | undefined>;
  /** The tenant of the bot the public addresses name, when it is not the default tenant (looked up as those routes do). */
  ofBot(name: string): { id: string; status(): Promise<'active' | 'suspended'> } | undefined;
}

const TENANT_PREFIX = /^\/t\/([a-z0-9][a-z0-9-]{0,62})(\/.*)$/;

/** First of all: `/t/{tenant}/rest` becomes `rest`, so the body parsers and routes mounted on paths see the plain address. */
export function stripTenantAddress(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.url.startsWith('/t/')) {
      const { slug, rest } = splitTenantAddress(req.url);
      if (slug !== undefined) {
        res.locals.tenantSlug = slug;
        req.url = rest;
      }
    }
    next();
  };
}

/** The tenant a route runs for, or undefined for the default tenant (http/route.ts enters its scope). */
export type TenantResolver = (res: Response, principal: Principal | undefined, bot: string | undefined) => Promise<string | undefined> | string | undefined;

/**
 * A signed-in request is its token's tenant, and may not address another; a public request is its
 * `/t/{tenant}` address's, or the tenant of the bot its path names (`{bot}`). A suspended tenant
 * is refused.
 */
export function createTenantResolver(lookup: TenantLookup): TenantResolver {
  const resolve = tenantOfAddress(lookup);
  return (res, principal, bot) => resolve(res.locals.tenantSlug as string | undefined, principal, bot);
}

/**
 * A public request's tenant outside express (the widget's socket, http/web-socket.ts): its
 * `/t/{tenant}` address's, or the tenant of the bot it is for, by the rules of `createTenantResolver`.
 */
export type PublicTenantResolver = (slug: string | undefined, bot: string) => Promise<string | undefined> | string | undefined;

export function createPublicTenantResolver(lookup: TenantLookup): PublicTenantResolver {
  const resolve = tenantOfAddress(lookup);
  return (slug, bot) => resolve(slug, undefined, bot);
}

function tenantOfAddress(lookup: TenantLookup) {
  const addressed = async (slug: string): Promise<string> => {
    const tenant = await lookup.bySlug(slug);
    if (!tenant) throw new NotFoundError(`There is no tenant "${slug}"`);
    if (tenant.status === 'suspended') throw new ForbiddenError(`The tenant "${slug}" is suspended`);
    return tenant.id;
  };
  const active = async (tenant: NonNullable<ReturnType<TenantLookup['ofBot']>>): Promise<string> => {
    if ((await tenant.status()) === 'suspended') throw new ForbiddenError('The bot\'s tenant is suspended');
    return tenant.id;
  };
  return (slug: string | undefined, principal: Principal | undefined, bot: string | undefined): Promise<string | undefined> | string | undefined => {
    if (principal) {
      if (slug === undefined) return principal.tenant_id;
      return addressed(slug).then((id) => {
        if (id !== (principal.tenant_id ?? DEFAULT_TENANT_ID)) throw new ForbiddenError('The access token is for another tenant');
        return principal.tenant_id;
      });
    }
    if (slug !== undefined) return addressed(slug);
    // Only a bot of a tenant other than the default one needs a look-up: a single-tenant deployment pays a map read.
    const tenant = bot === undefined ? undefined : lookup.ofBot(bot);
    return tenant === undefined ? undefined : active(tenant);
  };
}

/** `/t/{tenant}/rest` split into the tenant's slug and `rest`; any other path as it is. */
export function splitTenantAddress(url: string): { slug: string | undefined; rest: string } {
  const match = url.startsWith('/t/') ? TENANT_PREFIX.exec(url) : null;
  return match ? { slug: match[1], rest: match[2]! } : { slug: undefined, rest: url };
}
