import { changePassword, createUser, login, RoleSchema, type CreateUserInput, type TenantMemberships, type LoginThrottle, type PasswordHasher, type TokenIssuer, type UserDirectory, type UserRecord } from '../../auth/index.js';
import { ForbiddenError, NotFoundError } from '../../infra/errors.js';
import { DEFAULT_TENANT_ID } from '../../tenancy/index.js';
import type { TenantsApi } from '../../tenants/index.js';
import { defineRoute } from '../route.js';
import { AccessTokenSchema, ChangePasswordRequestSchema, CreateUserRequestSchema, LoginRequestSchema, UserListSchema, UserSchema } from '../schemas/auth.js';

/** The wire form of a user: never the password hash. */
function toUserDto(row: UserRecord) {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    roles: RoleSchema.array().parse(row.roles),
    is_active: row.is_active,
    is_admin: row.is_admin,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Login and local user management. */
export function userRoutes(deps: {
  users: UserDirectory; passwords: PasswordHasher; tokens: TokenIssuer; loginThrottle?: LoginThrottle; memberships?: TenantMemberships;
  /** The users as the request's tenant sees them: another tenant's members only, with their roles there (db/tenant-users-repo.ts). */
  tenantUsers?: Pick<UserDirectory, 'list'>;
  /** A tenant's memberships, for the users a tenant's admin creates. */
  tenants?: Pick<TenantsApi, 'members'>;
}) {
  /**
   * A user created by another tenant's admin is an account of the installation with no role of
   * its own, and the roles asked for as a member of that tenant (docs/operations/tenants.md,
   * "Members"): `users.roles` are the default tenant's, which no other tenant may hand out. A
   * membership refused (the tenant's max_attendants) takes the new account back.
   */
  async function createInTenant(tenantId: string, body: CreateUserInput): Promise<UserRecord> {
    if (!deps.tenants) throw new ForbiddenError('Users are created in the default tenant only here');
    const user = await createUser(deps, { ...body, roles: [] });
    try {
      const member = await deps.tenants.members.put({ tenant: tenantId, user_id: user.id, roles: body.roles });
      return { ...user, roles: member.roles, is_admin: member.roles.includes('admin') };
    } catch (error) {
      await deps.users.delete(user.id);
      throw error;
    }
  }

  return [
    defineRoute({
      method: 'post',
      path: '/api/auth/login',
      summary: 'Exchange a username or email and password for an access token',
      tag: 'auth',
      access: 'public',
      body: LoginRequestSchema,
      response: { description: 'Access token', schema: AccessTokenSchema },
      errors: [401, 403, 429],
      handle: ({ body, req }) => login(
        {
          users: deps.users, passwords: deps.passwords, tokens: deps.tokens,
          ...(deps.loginThrottle ? { throttle: deps.loginThrottle } : {}), ...(deps.memberships ? { memberships: deps.memberships } : {}),
        },
        {
          identifier: (body.username ?? body.email)!, password: body.password, clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
          ...(body.tenant ? { tenant: body.tenant } : {}),
        },
      ),
    }),
    defineRoute({
      method: 'post',
      path: '/api/auth/change-password',
      summary: 'Replace a password (required after a one-time password: the login answers 403 password_change_required) and get an access token',
      tag: 'auth',
      access: 'public',
      body: ChangePasswordRequestSchema,
      response: { description: 'Access token', schema: AccessTokenSchema },
      errors: [401, 429],
      handle: ({ body, req }) => changePassword(
        { users: deps.users, passwords: deps.passwords, tokens: deps.tokens, ...(deps.loginThrottle ? { throttle: deps.loginThrottle } : {}) },
        { identifier: (body.username ?? body.email)!, password: body.password, new_password: body.new_password, clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown' },
      ),
    }),
    defineRoute({
      method: 'post',
      path: '/api/users',
      summary: 'Create a user',
      tag: 'users',
      access: ['admin'],
      body: CreateUserRequestSchema,
      status: 201,
      response: { description: 'The created user', schema: UserSchema },
      errors: [409],
      handle: async ({ body, principal }) => toUserDto(principal.tenant_id && principal.tenant_id !== DEFAULT_TENANT_ID
        ? await createInTenant(principal.tenant_id, body)
        : await createUser(deps, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/api/users',
      summary: 'List users (in a tenant other than the default one, its members with their roles there)',
      tag: 'users',
      access: ['admin'],
      response: { description: 'All users', schema: UserListSchema },
      handle: async () => {
        const rows = await (deps.tenantUsers ?? deps.users).list();
        return { users: rows.map(toUserDto), total: rows.length };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/users/me',
      summary: 'The signed-in user',
      tag: 'users',
      access: 'authenticated',
      response: { description: 'The caller', schema: UserSchema },
      errors: [404],
      handle: async ({ principal }) => {
        const row = await deps.users.findById(principal.user_id);
        if (!row) throw new NotFoundError('Your user no longer exists', 'user_not_found');
        // In another tenant, the roles are the membership's the token was issued with.
        const inTenant = principal.tenant_id !== undefined && principal.tenant_id !== DEFAULT_TENANT_ID;
        return toUserDto(inTenant ? { ...row, roles: principal.roles, is_admin: principal.roles.includes('admin') } : row);
      },
    }),
  ];
}
