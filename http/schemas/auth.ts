import { z } from 'zod';
import { RoleSchema, TenantRoleSchema } from '../../auth/index.js';

export const LoginRequestSchema = z
  .object({
    username: z.string().min(1).optional(),
    email: z.string().min(1).optional(),
    password: z.string().min(1),
    tenant: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/).optional()
      .meta({ description: 'The slug of the tenant to sign in to (docs/operations/tenants.md); absent, the default tenant' }),
  })
  .refine((b) => b.username !== undefined || b.email !== undefined, {
    message: 'username or email is required',
    path: ['username'],
  })
  .meta({ id: 'LoginRequest' });

export const ChangePasswordRequestSchema = z
  .object({
    username: z.string().min(1).optional(),
    email: z.string().min(1).optional(),
    password: z.string().min(1).meta({ description: 'The current (or one-time) password' }),
    new_password: z.string().min(8).max(1024),
  })
  .refine((b) => b.username !== undefined || b.email !== undefined, { message: 'username or email is required', path: ['username'] })
  .meta({ id: 'ChangePasswordRequest' });

export const AccessTokenSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ description: 'Seconds until the token expires' }),
  })
  .meta({ id: 'AccessToken' });

export const UserSchema = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    roles: RoleSchema.array(),
    is_active: z.boolean(),
    is_admin: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'User' });

export const CreateUserRequestSchema = z
  .object({
    username: z.string().trim().min(1).max(100).regex(/^[\w.@-]+$/, 'letters, digits and . _ - @ only'),
    email: z.email().max(254),
    password: z.string().min(8).max(1024),
    roles: TenantRoleSchema.array().default([]).meta({ description: 'A tenant\'s roles; operator is not given through the API (docs/operations/tenants.md, "Operators")' }),
  })
  .meta({ id: 'CreateUserRequest' });

export const UserListSchema = z.object({ users: UserSchema.array(), total: z.number().int() }).meta({ id: 'UserList' });
