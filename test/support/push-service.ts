import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { selfSignedCertificate } from './self-signed-cert.js';

/** One push the service accepted: the verified VAPID claims and the decrypted payload. */
export interface ReceivedPush {
  subscription: string;
  claims: { aud: string; sub: string; exp: number };
  vapidKey: string;
  payload: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A local HTTPS push service speaking RFC 8030/8291/8292: each subscription is a browser-side
 * key pair; a push must carry `Authorization: vapid t=<ES256 JWT>, k=<public key>` signed by that
 * key with `aud` = this origin, and an aes128gcm body, which is decrypted. `gone` endpoints answer 410.
 */
export async function startPushService() {
  const { key, cert } = selfSignedCertificate();
  const subscribers = new Map<string, { ecdh: ECDH; auth: string }>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const id = (req.url ?? '').split('/').pop() ?? '';
        if (gone.has(id)) return res.writeHead(410).end();
        const sub = subscribers.get(id);
        if (!sub) return res.writeHead(404).end();
        const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(req.headers.authorization ?? '');
        if (!match || req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`bad headers ${JSON.stringify(req.headers)}`);
        const raw = Buffer.from(match[2]!, 'base64url');
        const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') };
        const { payload: claims } = await jwtVerify(match[1]!, await importJWK(jwk, 'ES256'), { audience: origin });
        const plain = decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth });
        received.push({ subscription: id, claims: claims as ReceivedPush['claims'], vapidKey: match[2]!, payload: JSON.parse(plain.toString('utf8')), headers: req.headers });
        res.writeHead(201).end();
      })().catch((error: unknown) => {
        rejected.push(String(error));
        res.writeHead(400).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cert,
    received,
    rejected,
    /** A new browser subscription, as PushSubscription.toJSON() gives it. */
    subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } } {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomBytes(8).toString('hex');
      const auth = randomBytes(16).toString('base64url');
      subscribers.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } };
    },
    /** Makes the endpoint answer 410 Gone from now on. */
    expire(endpoint: string) {
      gone.add(endpoint.split('/').pop()!);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
