import { z } from 'zod';
import { TenantRoleSchema } from '../../auth/index.js';
import { TENANT_SLUG } from '../../tenants/index.js';

/** The tenants' payloads (docs/operations/tenants.md, "Lifecycle"); quotas: null is no limit. */
const Quota = (what: string) => z.number().int().min(0).max(2_147_483_647).nullable().meta({ description: `Most ${what}; null for no limit` });
const StorageQuota = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().meta({ description: 'Most bytes of stored files; null for no limit' });
const Name = z.string().trim().min(1).max(200);

/** A tenant's id: any UUID-shaped id, since the default tenant's (…0001) has no RFC 4122 version. */
const TenantId = z.guid();

export const TenantParamsSchema = z.object({ id: TenantId });
export const TenantMemberParamsSchema = z.object({ id: TenantId, user_id: z.uuid() });

export const CreateTenantRequestSchema = z.object({
  slug: z.string().regex(TENANT_SLUG, 'lower-case letters, digits and -, starting with a letter or digit, at most 63 characters')
    .meta({ description: 'Unique; its name in URLs and the CLI', example: 'acme' }),
  name: Name.optional().meta({ description: 'Shown to people; the slug when absent' }),
  max_bots: Quota('bots').optional(),
  max_attendants: Quota('attendants').optional(),
  max_storage_bytes: StorageQuota.optional(),
}).meta({ id: 'TenantCreateRequest' });

export const UpdateTenantRequestSchema = z.object({
  name: Name,
  max_bots: Quota('bots'),
  max_attendants: Quota('attendants'),
  max_storage_bytes: StorageQuota,
}).partial().refine((b) => Object.keys(b).length > 0, 'at least one field is required')
  .meta({ id: 'TenantUpdateRequest', description: 'Absent keeps, null removes a limit' });

export const PutTenantMemberRequestSchema = z.object({
  roles: TenantRoleSchema.array().min(1).max(4).meta({ description: 'The user\'s roles in the tenant, replacing those it had there' }),
}).meta({ id: 'TenantMemberPutRequest' });

export const TenantSchema = z.object({
  id: TenantId,
  slug: z.string(),
  name: z.string(),
  status: z.enum(['active', 'suspended']),
  max_bots: z.number().int().nullable(),
  max_attendants: z.number().int().nullable(),
  max_storage_bytes: z.number().int().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  suspended_at: z.iso.datetime({ offset: true }).nullable(),
}).meta({ id: 'Tenant' });

export const TenantListSchema = z.object({ tenants: TenantSchema.array(), total: z.number().int() }).meta({ id: 'TenantList' });

export const TenantMemberSchema = z.object({
  tenant_id: TenantId,
  user_id: z.uuid(),
  roles: TenantRoleSchema.array(),
  created_at: z.iso.datetime({ offset: true }),
}).meta({ id: 'TenantMember' });

export const TenantMemberListSchema = z.object({ members: TenantMemberSchema.array() }).meta({ id: 'TenantMemberList' });

export const TenantDeleteResultSchema = z.object({
  deleted: z.literal(true),
  id: TenantId,
  slug: z.string(),
  files_deleted: z.number().int().meta({ description: 'Stored files whose bytes were removed from the file store' }),
}).meta({ id: 'TenantDeleteResult' });

export const TenantMemberDeleteResultSchema = z.object({ deleted: z.literal(true), user_id: z.uuid() }).meta({ id: 'TenantMemberDeleteResult' });
