import type { TeamChatWebhooks } from '../../adapters/index.js';
import { defineRoute } from '../route.js';
import { TeamChatWebhookParamsSchema } from '../schemas/channel-webhooks.js';

/**
 * The team_chat app's request URLs (docs/channels/team-chat.md), beside the provider webhooks:
 * team_chat is where attendants work, not a customer channel. The body reaches the handler as the
 * raw bytes the workspace signed (`http/app.ts` reads `/webhooks` bodies raw).
 */
export function teamChatWebhookRoutes(webhooks: TeamChatWebhooks) {
  return [
    defineRoute({
      method: 'post',
      path: '/webhooks/team_chat/:bot/:event',
      summary: 'team_chat interactions (Take), slash commands and events (thread replies), signed with the app\'s signing secret',
      tag: 'provider webhooks',
      access: 'public',
      params: TeamChatWebhookParamsSchema,
      response: { description: 'What the workspace expects: empty, an ephemeral answer, or the URL check\'s challenge' },
      errors: [401, 404],
      handle: async ({ params, req, res }) => {
        const answer = await webhooks.receive({
          bot: params.bot, event: params.event, headers: req.headers, rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        });
        res.status(answer.status).type(answer.contentType ?? 'text/plain').send(answer.body);
      },
    }),
  ];
}
