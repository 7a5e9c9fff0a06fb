import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { createOpenApiRegistry } from './openapi.js';
import { defineRoute, mountRoutes } from './route.js';

/** An app with one GET and one POST route answering the same JSON, as http/app.ts mounts routes. */
async function withRoutes(work: (base: string) => Promise<void>): Promise<void> {
  const app = express();
  app.use(express.json());
  const answer = { replies: [{ text: 'olá, ação' }], count: 2 };
  mountRoutes(app, createOpenApiRegistry(), async () => undefined, [
    defineRoute({ method: 'get', path: '/thing', summary: 'Read', tag: 't', access: 'public', response: { description: 'It' }, handle: async () => answer }),
    defineRoute({
      method: 'post', path: '/thing', summary: 'Write', tag: 't', access: 'public', status: 201,
      body: z.object({ text: z.string() }), response: { description: 'It' }, handle: async ({ body }) => ({ ...answer, echo: body.text }),
    }),
  ]);
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    await work(`http://127.0.0.1:${(server.address() as AddressInfo).port}/thing`);
  } finally {
    server.close();
  }
}

test('a POST answer is the same JSON with its length and type, and no ETag; a GET answer keeps its ETag for conditional requests', async () => {
  await withRoutes(async (url) => {
    const posted = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'é' }) });
    expect(posted.status).toBe(201);
    expect(posted.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(posted.headers.get('etag')).toBeNull();
    const text = await posted.text();
    expect(Number(posted.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({ replies: [{ text: 'olá, ação' }], count: 2, echo: 'é' });

    const read = await fetch(url);
    const etag = read.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(await read.json()).toEqual({ replies: [{ text: 'olá, ação' }], count: 2 });
  });
});
