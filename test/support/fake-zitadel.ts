import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { startFakeIdpServer, type FakeIdpServer } from './fake-idp-server.js';

interface Org {
  id: string;
  name: string;
  created: string;
  changed: string;
  domains: string[];
  metadata: Map<string, string>;
  members: { userId: string; roles: string[]; created: string }[];
}

/** A Zitadel fake: one instance, its users, organizations and their members. */
export interface FakeZitadel extends FakeIdpServer {
  clientId: string;
  clientSecret: string;
  addUser(user: { id: string; username: string; email: string }): void;
}

/** Zitadel's error body: a gRPC code and a message (5 NOT_FOUND → 404, 6 ALREADY_EXISTS → 409). */
const zitadelError = (res: Response, status: number, message: string) => {
  res.status(status).json({ code: status === 404 ? 5 : status === 409 ? 6 : 3, message, details: [] });
};

/**
 * Speaks the parts of Zitadel's management and admin APIs the adapter uses, in their documented
 * JSON: `POST /management/v1/orgs` (id in the body), `…/orgs/me` addressed by the
 * `x-zitadel-orgid` header, org metadata (base64 values), domains, member search and changes,
 * a user's memberships, `POST /admin/v1/orgs/_search`, and `/oauth/v2/token`.
 */
export async function startFakeZitadel(): Promise<FakeZitadel> {
  const client = { id: 'switchboard-groups@switchboard', secret: 'zitadel-secret' };
  const users = new Map<string, { id: string; username: string; email: string }>();
  const orgs = new Map<string, Org>();
  const details = (org: Org) => ({ sequence: '1', creationDate: org.created, changeDate: org.changed, resourceOwner: org.id });
  const memberJson = (m: Org['members'][number], org: Org) => ({
    userId: m.userId, roles: m.roles, preferredLoginName: users.get(m.userId)?.username, email: users.get(m.userId)?.email,
    displayName: users.get(m.userId)?.username, details: { sequence: '1', creationDate: m.created, changeDate: m.created, resourceOwner: org.id },
  });
  const inOrg = (handler: (org: Org, req: Request, res: Response) => void) => (req: Request, res: Response) => {
    const org = orgs.get(req.get('x-zitadel-orgid') ?? '');
    if (!org) return zitadelError(res, 404, 'Organisation not found (Errors.Org.NotFound)');
    handler(org, req, res);
  };
  const touch = (org: Org) => { org.changed = new Date().toISOString(); };

  const server = await startFakeIdpServer('/oauth/v2/token', client, (app) => {
    app.post('/management/v1/orgs', (req, res) => {
      const { name } = req.body as { name?: string };
      if (!name) return zitadelError(res, 400, 'invalid AddOrgRequest.Name: value length must be between 1 and 200 runes');
      if ([...orgs.values()].some((o) => o.name === name)) return zitadelError(res, 409, 'Organisation already exists (Errors.Org.AlreadyExists)');
      const now = new Date().toISOString();
      const org: Org = { id: String(Date.now()) + randomUUID().slice(0, 6), name, created: now, changed: now, domains: [], metadata: new Map(), members: [] };
      orgs.set(org.id, org);
      res.json({ id: org.id, details: details(org) });
    });
    app.get('/management/v1/orgs/me', inOrg((org, _req, res) => { res.json({ org: { id: org.id, name: org.name, state: 'ORG_STATE_ACTIVE', details: details(org), primaryDomain: org.domains[0] ?? '' } }); }));
    app.put('/management/v1/orgs/me', inOrg((org, req, res) => { org.name = (req.body as { name: string }).name; touch(org); res.json({ details: details(org) }); }));
    app.delete('/management/v1/orgs/me', inOrg((org, _req, res) => { orgs.delete(org.id); res.json({ details: details(org) }); }));
    app.post('/management/v1/orgs/me/domains', inOrg((org, req, res) => { org.domains.push((req.body as { domain: string }).domain); res.json({ details: details(org) }); }));
    app.post('/management/v1/metadata/:key', inOrg((org, req, res) => { org.metadata.set(String(req.params.key), (req.body as { value: string }).value); touch(org); res.json({ details: details(org) }); }));
    app.get('/management/v1/metadata/:key', inOrg((org, req, res) => {
      const value = org.metadata.get(String(req.params.key));
      if (value === undefined) return zitadelError(res, 404, 'Metadata not found (Errors.Metadata.NotFound)');
      res.json({ metadata: { key: req.params.key, value, details: details(org) } });
    }));
    app.post('/management/v1/orgs/me/members/_search', inOrg((org, req, res) => {
      const body = req.body as { query?: { offset?: string; limit?: number }; queries?: { userIdQuery?: { userId: string } }[] };
      const wanted = body.queries?.find((q) => q.userIdQuery)?.userIdQuery?.userId;
      const found = org.members.filter((m) => wanted === undefined || m.userId === wanted);
      const offset = Number(body.query?.offset ?? 0);
      const limit = body.query?.limit ?? 100;
      res.json({ details: { totalResult: String(found.length) }, result: found.slice(offset, offset + limit).map((m) => memberJson(m, org)) });
    }));
    app.post('/management/v1/orgs/me/members', inOrg((org, req, res) => {
      const { userId, roles } = req.body as { userId: string; roles: string[] };
      if (!users.has(userId)) return zitadelError(res, 404, 'User could not be found (Errors.User.NotFound)');
      if (org.members.some((m) => m.userId === userId)) return zitadelError(res, 409, 'Member already exists (Org.Member.AlreadyExists)');
      org.members.push({ userId, roles, created: new Date().toISOString() });
      res.json({ details: details(org) });
    }));
    app.delete('/management/v1/orgs/me/members/:userId', inOrg((org, req, res) => {
      if (!org.members.some((m) => m.userId === req.params.userId)) return zitadelError(res, 404, 'Member not found (Org.Member.NotFound)');
      org.members = org.members.filter((m) => m.userId !== req.params.userId);
      res.json({ details: details(org) });
    }));
    app.post('/management/v1/users/:userId/memberships/_search', (req, res) => {
      const userId = String(req.params.userId);
      const result = [...orgs.values()].flatMap((org) => org.members.filter((m) => m.userId === userId)
        .map((m) => ({ userId, roles: m.roles, orgId: org.id, displayName: org.name, details: { creationDate: m.created } })));
      res.json({ details: { totalResult: String(result.length) }, result });
    });
    app.post('/admin/v1/orgs/_search', (req, res) => {
      const query = (req.body as { query?: { offset?: string; limit?: number } }).query ?? {};
      const all = [...orgs.values()];
      const offset = Number(query.offset ?? 0);
      res.json({
        details: { totalResult: String(all.length) },
        result: all.slice(offset, offset + (query.limit ?? 100)).map((org) => ({ id: org.id, name: org.name, state: 'ORG_STATE_ACTIVE', details: details(org) })),
      });
    });
  });
  return { ...server, clientId: client.id, clientSecret: client.secret, addUser: (user) => { users.set(user.id, user); } };
}
