import { z } from 'zod';

/** Groups (docs/groups.md): organizations at the identity provider. */

const Name = z.string().trim().min(1).max(200);
const Description = z.string().max(2000);
const Role = z.enum(['owner', 'admin', 'member']);
const UserId = z.string().trim().min(1).max(200);
const Timestamp = z.iso.datetime();

export const GroupParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const CreateGroupRequestSchema = z
  .object({
    name: Name,
    description: Description.default(''),
    domain: z.union([z.literal(''), z.string().trim().toLowerCase().regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'a domain name')]).default(''),
  })
  .meta({ id: 'CreateGroupRequest' });

export const CreatedGroupSchema = z.object({ id: z.string(), name: z.string(), created_at: Timestamp }).meta({ id: 'CreatedGroup' });

export const UpdateGroupRequestSchema = z
  .object({ name: Name.optional(), description: Description.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, 'name or description is required')
  .meta({ id: 'UpdateGroupRequest' });

export const UpdatedGroupSchema = z.object({ id: z.string(), name: z.string(), updated_at: Timestamp }).meta({ id: 'UpdatedGroup' });

export const GroupOutcomeSchema = z.object({ success: z.boolean(), message: z.string() }).meta({ id: 'GroupOutcome' });

export const ListGroupsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const GroupListSchema = z
  .object({
    groups: z.object({ id: z.string(), name: z.string(), member_count: z.number().int(), created_at: Timestamp }).array(),
    total: z.number().int(),
  })
  .meta({ id: 'GroupList' });

export const MemberListSchema = z
  .object({
    members: z.object({ user_id: z.string(), username: z.string(), email: z.string(), role: Role, joined_at: Timestamp }).array(),
    total: z.number().int(),
  })
  .meta({ id: 'GroupMemberList' });

export const AddMemberRequestSchema = z.object({ user_id: UserId, role: Role.default('member') }).meta({ id: 'AddGroupMemberRequest' });

export const RemoveMemberRequestSchema = z.object({ user_id: UserId }).meta({ id: 'RemoveGroupMemberRequest' });

/** The group errors' own body (docs/groups.md, "Errors"): error text, code, HTTP status. */
export const GroupErrorBodySchema = z
  .object({
    error: z.string(),
    code: z.enum(['GROUP_NOT_FOUND', 'UNAUTHORIZED', 'MEMBER_EXISTS', 'MEMBER_NOT_FOUND', 'IDP_ERROR']),
    status: z.number().int(),
  })
  .meta({ id: 'GroupErrorBody' });
