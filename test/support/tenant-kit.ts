import { bearerFor, callService, startTestService, TEST_ADMIN, type TestService } from './service.js';

/** Request headers: the bearer header of a signed-in user, or none. */
export type Headers = Record<string, string>;

/** The password the kit gives the accounts it creates. */
export const memberPassword = (username: string) => `${username}-password-1`;

/**
 * A service with a tenant, made as an operator makes one (docs/operations/tenants.md,
 * "Lifecycle"): the service started with `env`, the tenant created through the API by the first
 * admin (the installation's operator), the service restarted so the bots under
 * `BOTS_DIR/tenants/<slug>/` load, and, with `member`, an account with no installation role added
 * to the tenant with `roles` and signed in to it.
 */
export async function startServiceWithTenant(options: { env: Record<string, string>; slug: string; member?: { username: string; roles: string[] } }): Promise<{
  service: TestService; tenantId: string; admin: Headers; member: Headers;
}> {
  let service = await startTestService(options.env);
  const admin = await bearerFor(service.url, TEST_ADMIN.username, TEST_ADMIN.password);
  const tenant = await callService<{ id: string }>(service, 'POST', '/api/tenants', admin, { slug: options.slug });
  if (tenant.status !== 201) throw new Error(`tenant ${options.slug} not created: ${tenant.status} ${JSON.stringify(tenant.body)}`);
  service = await service.restart();
  if (!options.member) return { service, tenantId: tenant.body.id, admin, member: {} };
  const { username, roles } = options.member;
  const user = await callService<{ id: string }>(service, 'POST', '/api/users', admin, { username, email: `${username}@${options.slug}.test`, password: memberPassword(username), roles: [] });
  const membership = await callService(service, 'PUT', `/api/tenants/${tenant.body.id}/members/${user.body.id}`, admin, { roles });
  if (user.status !== 201 || membership.status !== 200) throw new Error(`member ${username} not added: ${user.status}, ${membership.status}`);
  return { service, tenantId: tenant.body.id, admin, member: await bearerFor(service.url, username, memberPassword(username), options.slug) };
}
