import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express, type RequestHandler } from 'express';

/** What the next provider call does instead of answering: fail with a status, or wait first. */
export type Fault = { status: number } | { delayMs: number };

/** A fake identity provider on 127.0.0.1:0: its base URL, faults to inject, and how to stop it. */
export interface FakeIdpServer {
  url: string;
  /** The next admin call (not the token endpoint) answers with this fault. */
  failNext(fault: Fault): void;
  stop(): Promise<void>;
}

/**
 * The shared part of the Keycloak and Zitadel fakes: a client-credentials token endpoint, bearer
 * checks on every other route, and injected faults (5xx, slow answers) for IDP_ERROR.
 */
export async function startFakeIdpServer(
  tokenPath: string,
  client: { id: string; secret: string },
  routes: (app: Express) => void,
): Promise<FakeIdpServer> {
  const app = express();
  const tokens = new Set<string>();
  const faults: Fault[] = [];
  app.use(express.json({ strict: false, type: 'application/json' }));
  app.post(tokenPath, express.urlencoded({ extended: false }), (req, res) => {
    const form = req.body as Record<string, string>;
    if (form.grant_type !== 'client_credentials' || form.client_id !== client.id || form.client_secret !== client.secret) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Invalid client or Invalid client credentials' });
      return;
    }
    const token = randomUUID();
    tokens.add(token);
    res.json({ access_token: token, token_type: 'Bearer', expires_in: 300 });
  });
  const guard: RequestHandler = (req, res, next) => {
    const fault = faults.shift();
    if (fault && 'status' in fault) {
      res.status(fault.status).json({ error: 'injected failure', message: `internal detail ${fault.status}` });
      return;
    }
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (!token || !tokens.has(token)) {
      res.status(401).json({ error: 'HTTP 401 Unauthorized' });
      return;
    }
    if (fault) setTimeout(next, fault.delayMs);
    else next();
  };
  app.use(guard);
  routes(app);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    failNext: (fault) => { faults.push(fault); },
    stop: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
