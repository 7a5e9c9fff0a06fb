import express, { type Request, type Response, type Router } from 'express';
import type { BotMsgAdapter, SmsAdapter } from '../adapters/index.js';
import type { ChannelRequest, Engine } from '../engine/index.js';
import type { Logger } from '../infra/logger.js';

/** What the provider webhooks need: the provider channels' adapters and the engine's intake. */
export interface ProviderWebhookDeps {
  adapters: { bot_msg?: BotMsgAdapter | undefined; sms?: SmsAdapter | undefined };
  engine: Pick<Engine, 'receive'>;
  logger: Logger;
}

const WEBHOOK_BODY_LIMIT = '1mb';

/**
 * `POST /webhooks/{channel}/{bot}` and `POST /webhooks/{channel}/{bot}/{event}` for the provider
 * channels (docs/channels/): the raw body is kept for signatures (JSON and form-encoded alike);
 * a channel that is off for the bot answers 404; a failed verification 401 (sms: 403) with
 * nothing stored; each parsed message goes to the engine; then the provider's acknowledgement
 * (empty TwiML for sms, an empty 200 otherwise). Mounted before the JSON parser of the API.
 */
export function providerWebhooks(deps: ProviderWebhookDeps): Router {
  const router = express.Router();
  router.use('/webhooks', express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }));
  const handle = async (req: Request, res: Response) => {
    const channel = String(req.params.channel);
    const adapter = channel === 'bot_msg' ? deps.adapters.bot_msg : channel === 'sms' ? deps.adapters.sms : undefined;
    const bot = String(req.params.bot);
    const event = req.params.event === undefined ? undefined : String(req.params.event);
    if (!adapter || !adapter.isOn(bot) || (event !== undefined && !(channel === 'sms' && event === 'status'))) {
      res.status(404).json({ error: 'not_found', message: `No ${channel} webhook for bot "${bot}"` });
      return;
    }
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const request: ChannelRequest = {
      headers: req.headers, query: req.query as Record<string, unknown>, rawBody, body: parseBody(req, rawBody), bot,
      path: req.originalUrl, ...(event ? { event } : {}),
    };
    if (!(await adapter.verify(request))) {
      const status = channel === 'sms' ? 403 : 401;
      res.status(status).json({ error: 'invalid_signature', message: 'The webhook request could not be verified' });
      return;
    }
    for (const inbound of await adapter.parse(request)) await deps.engine.receive(inbound);
    if (channel === 'sms') {
      const ack = deps.adapters.sms!.acknowledgement();
      res.status(200).type(ack.contentType).send(ack.body);
      return;
    }
    res.status(200).end();
  };
  router.post('/webhooks/:channel/:bot', handle);
  router.post('/webhooks/:channel/:bot/:event', handle);
  return router;
}

function parseBody(req: Request, raw: Buffer): unknown {
  const type = req.headers['content-type'] ?? '';
  const text = raw.toString('utf8');
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text));
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return {};
  }
}
