import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { startFakeIdpServer, type FakeIdpServer } from './fake-idp-server.js';

interface Org {
  id: string;
  name: string;
  alias: string;
  enabled: boolean;
  description: string;
  domains: { name: string; verified: boolean }[];
  attributes: Record<string, string[]>;
  members: string[];
}

/** A Keycloak fake: one realm, its users, and the Organizations admin REST API. */
export interface FakeKeycloak extends FakeIdpServer {
  realm: string;
  clientId: string;
  clientSecret: string;
  addUser(user: { id: string; username: string; email: string }): void;
}

/**
 * Speaks the Keycloak admin REST API's organization endpoints as documented
 * (`/admin/realms/{realm}/organizations…`, OrganizationRepresentation JSON, 201 with a Location
 * header on create, 409 for a duplicate name or member, 400 for an unknown user, 404 for an unknown
 * organization or member) and the realm's token endpoint for a service account.
 */
export async function startFakeKeycloak(): Promise<FakeKeycloak> {
  const realm = 'switchboard';
  const client = { id: 'switchboard-groups', secret: 'kc-secret' };
  const users = new Map<string, { id: string; username: string; email: string }>();
  const orgs = new Map<string, Org>();
  const base = `/admin/realms/${realm}/organizations`;
  const rep = ({ members: _members, ...org }: Org) => org;

  const server = await startFakeIdpServer(`/realms/${realm}/protocol/openid-connect/token`, client, (app) => {
    app.get(`${base}/count`, (_req, res) => { res.json(orgs.size); });
    app.get(`${base}/members/:userId/organizations`, (req, res) => {
      res.json([...orgs.values()].filter((o) => o.members.includes(req.params.userId)).map(rep));
    });
    app.get(base, (req, res) => {
      const first = Number(req.query.first ?? 0);
      const max = Number(req.query.max ?? 10);
      res.json([...orgs.values()].slice(first, first + max).map(rep));
    });
    app.post(base, (req, res) => {
      const body = req.body as Partial<Org>;
      if (!body.name) return void res.status(400).json({ errorMessage: 'Name can not be null' });
      if ([...orgs.values()].some((o) => o.name === body.name)) return void res.status(409).json({ errorMessage: 'A organization with the same name already exists.' });
      const id = randomUUID();
      orgs.set(id, {
        id, name: body.name, alias: body.alias ?? body.name, enabled: body.enabled ?? true, description: body.description ?? '',
        domains: body.domains ?? [], attributes: body.attributes ?? {}, members: [],
      });
      res.status(201).location(`${server.url}${base}/${id}`).end();
    });
    const withOrg = (handler: (org: Org, req: Request, res: Response) => void) =>
      (req: Request, res: Response) => {
        const org = orgs.get(String(req.params.id));
        if (!org) return void res.status(404).json({ error: 'Organization not found' });
        handler(org, req, res);
      };
    app.get(`${base}/:id`, withOrg((org, _req, res) => { res.json(rep(org)); }));
    app.put(`${base}/:id`, withOrg((org, req, res) => {
      const body = req.body as Partial<Org>;
      Object.assign(org, { name: body.name ?? org.name, description: body.description ?? '', domains: body.domains ?? org.domains, attributes: body.attributes ?? {} });
      res.status(204).end();
    }));
    app.delete(`${base}/:id`, withOrg((org, _req, res) => { orgs.delete(org.id); res.status(204).end(); }));
    app.get(`${base}/:id/members/count`, withOrg((org, _req, res) => { res.json(org.members.length); }));
    app.get(`${base}/:id/members`, withOrg((org, req, res) => {
      const first = Number(req.query.first ?? 0);
      const max = Number(req.query.max ?? 100);
      res.json(org.members.slice(first, first + max).map((id) => ({ ...users.get(id), enabled: true, membershipType: 'UNMANAGED' })));
    }));
    app.post(`${base}/:id/members`, withOrg((org, req, res) => {
      const userId = req.body as unknown;
      if (typeof userId !== 'string' || !users.has(userId)) return void res.status(400).json({ errorMessage: 'User does not exist' });
      if (org.members.includes(userId)) return void res.status(409).json({ errorMessage: 'User is already a member of the organization.' });
      org.members.push(userId);
      res.status(201).location(`${server.url}${base}/${org.id}/members/${userId}`).end();
    }));
    app.get(`${base}/:id/members/:userId`, withOrg((org, req, res) => {
      const userId = String(req.params.userId);
      if (!org.members.includes(userId)) return void res.status(404).json({ error: 'Not a member of the organization' });
      res.json({ ...users.get(userId), membershipType: 'UNMANAGED' });
    }));
    app.delete(`${base}/:id/members/:userId`, withOrg((org, req, res) => {
      const userId = String(req.params.userId);
      if (!org.members.includes(userId)) return void res.status(404).json({ error: 'User is not a member of the organization' });
      org.members = org.members.filter((m) => m !== userId);
      res.status(204).end();
    }));
  });
  return { ...server, realm, clientId: client.id, clientSecret: client.secret, addUser: (user) => { users.set(user.id, user); } };
}
