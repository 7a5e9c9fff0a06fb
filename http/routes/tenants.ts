import { pipeline } from 'node:stream/promises';
import { tenantJson, type TenantMembershipRow, type TenantsApi } from '../../tenants/index.js';
import { defineRoute } from '../route.js';
import {
  CreateTenantRequestSchema, PutTenantMemberRequestSchema, TenantDeleteResultSchema, TenantListSchema, TenantMemberDeleteResultSchema,
  TenantMemberListSchema, TenantMemberParamsSchema, TenantMemberSchema, TenantParamsSchema, TenantSchema, UpdateTenantRequestSchema,
} from '../schemas/tenants.js';

const TAG = 'tenants';
/** The installation's operators only: an admin of a tenant does not pass (auth/roles.ts). */
const OPERATORS = ['operator'] as const;

const memberJson = (m: TenantMembershipRow) => ({ tenant_id: m.tenant_id, user_id: m.user_id, roles: m.roles, created_at: m.created_at.toISOString() });

/** The tenant lifecycle (docs/operations/tenants.md, "Lifecycle"), for operators. */
export function tenantRoutes(tenants: TenantsApi) {
  return [
    defineRoute({
      method: 'post', path: '/api/tenants', tag: TAG, access: OPERATORS, status: 201,
      summary: 'Create a tenant (409 slug_taken when the slug is in use)', body: CreateTenantRequestSchema, errors: [409],
      response: { description: 'The tenant', schema: TenantSchema },
      handle: async ({ body }) => tenantJson(await tenants.create(body)),
    }),
    defineRoute({
      method: 'get', path: '/api/tenants', tag: TAG, access: OPERATORS,
      summary: 'Every tenant, the default one first',
      response: { description: 'The tenants', schema: TenantListSchema },
      handle: async () => {
        const rows = await tenants.list();
        return { tenants: rows.map(tenantJson), total: rows.length };
      },
    }),
    defineRoute({
      method: 'get', path: '/api/tenants/:id', tag: TAG, access: OPERATORS,
      summary: 'One tenant', params: TenantParamsSchema, errors: [404],
      response: { description: 'The tenant', schema: TenantSchema },
      handle: async ({ params }) => tenantJson(await tenants.get(params.id)),
    }),
    defineRoute({
      method: 'patch', path: '/api/tenants/:id', tag: TAG, access: OPERATORS,
      summary: 'Rename a tenant or change its quotas (absent keeps, null removes a limit)', params: TenantParamsSchema, body: UpdateTenantRequestSchema, errors: [404],
      response: { description: 'The tenant', schema: TenantSchema },
      handle: async ({ params, body }) => tenantJson(await tenants.update({ tenant: params.id, changes: body })),
    }),
    defineRoute({
      method: 'post', path: '/api/tenants/:id/suspend', tag: TAG, access: OPERATORS,
      summary: 'Suspend a tenant: its data stays, its work is refused (409 default_tenant for the default one)', params: TenantParamsSchema, errors: [404, 409],
      response: { description: 'The tenant', schema: TenantSchema },
      handle: async ({ params }) => tenantJson(await tenants.suspend(params.id)),
    }),
    defineRoute({
      method: 'post', path: '/api/tenants/:id/resume', tag: TAG, access: OPERATORS,
      summary: 'Make a suspended tenant active again', params: TenantParamsSchema, errors: [404],
      response: { description: 'The tenant', schema: TenantSchema },
      handle: async ({ params }) => tenantJson(await tenants.resume(params.id)),
    }),
    defineRoute({
      method: 'get', path: '/api/tenants/:id/export', tag: TAG, access: OPERATORS,
      summary: 'Download a tenant\'s archive: gzip\'d JSON Lines of its rows and stored files (streamed)', params: TenantParamsSchema, errors: [404],
      response: { description: 'application/gzip: the archive of docs/operations/tenants.md, "Export"' },
      handle: async ({ params, res }) => {
        const { tenant, archive } = await tenants.export(params.id);
        res.status(200).setHeader('Content-Type', 'application/gzip');
        res.attachment(`tenant-${tenant.slug}.jsonl.gz`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        // A failure after the first bytes can only cut the answer short: the archive then lacks its `end` line.
        await pipeline(archive, res);
      },
    }),
    defineRoute({
      method: 'delete', path: '/api/tenants/:id', tag: TAG, access: OPERATORS,
      summary: 'Delete a tenant, its rows and its stored files, for good (409 default_tenant for the default one)', params: TenantParamsSchema, errors: [404, 409],
      response: { description: 'Deleted', schema: TenantDeleteResultSchema },
      handle: async ({ params }) => ({ deleted: true, ...(await tenants.delete(params.id)) }),
    }),
    defineRoute({
      method: 'get', path: '/api/tenants/:id/members', tag: TAG, access: OPERATORS,
      summary: 'The users who belong to a tenant, with their roles there', params: TenantParamsSchema, errors: [404],
      response: { description: 'The members', schema: TenantMemberListSchema },
      handle: async ({ params }) => ({ members: (await tenants.members.list(params.id)).map(memberJson) }),
    }),
    defineRoute({
      method: 'put', path: '/api/tenants/:id/members/:user_id', tag: TAG, access: OPERATORS,
      summary: 'Give a user roles in a tenant, replacing those it had there (409 default_tenant: there a user\'s roles are its own; 409 quota_exceeded past max_attendants)',
      params: TenantMemberParamsSchema, body: PutTenantMemberRequestSchema, errors: [404, 409],
      response: { description: 'The membership', schema: TenantMemberSchema },
      handle: async ({ params, body }) => memberJson(await tenants.members.put({ tenant: params.id, user_id: params.user_id, roles: body.roles })),
    }),
    defineRoute({
      method: 'delete', path: '/api/tenants/:id/members/:user_id', tag: TAG, access: OPERATORS,
      summary: 'Remove a user from a tenant', params: TenantMemberParamsSchema, errors: [404, 409],
      response: { description: 'Removed', schema: TenantMemberDeleteResultSchema },
      handle: async ({ params }) => {
        await tenants.members.remove({ tenant: params.id, user_id: params.user_id });
        return { deleted: true, user_id: params.user_id };
      },
    }),
  ];
}
