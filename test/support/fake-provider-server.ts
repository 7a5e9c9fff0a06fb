import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** Handles one request to a fake provider, with its whole body already read. */
export type FakeProviderHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void>;

/**
 * The HTTP server behind each fake provider (Graph, Telegram, Twilio, OpenAI): reads the body,
 * hands it to the fake, and answers 500 when the fake itself throws, as a broken provider would.
 */
export function createFakeProviderServer(handle: FakeProviderHandler): Server {
  return createServer((req, res) => {
    void readBody(req).then((body) => handle(req, res, body)).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
