import { changePassword, createUser, login, RoleSchema, type TenantMemberships, type LoginThrottle, type PasswordHasher, type TokenIssuer, type UserDirectory, type UserRecord } from '../../auth/index.js';
import { NotFoundError } from '../../infra/errors.js';
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
export function userRoutes(deps: { users: UserDirectory; passwords: PasswordHasher; tokens: TokenIssuer; loginThrottle?: LoginThrottle; memberships?: TenantMemberships }) {
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
      handle: async ({ body }) => toUserDto(await createUser(deps, body)),
    }),
    defineRoute({
      method: 'get',
      path: '/api/users',
      summary: 'List users',
      tag: 'users',
      access: ['admin'],
      response: { description: 'All users', schema: UserListSchema },
      handle: async () => {
        const rows = await deps.users.list();
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
        return toUserDto(row);
      },
    }),
  ];
}
