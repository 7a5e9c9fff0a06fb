import { z } from 'zod';
import type { ChannelMediaFetcher } from '../../adapters/index.js';
import { defineRoute } from '../route.js';

/**
 * `GET /api/channels/{channel}/{bot}/media/{media_id}`: an inbound attachment the provider keeps
 * by id (docs/channels/README.md, "Attachments"), fetched on demand with the bot's token and
 * streamed to a signed-in user (attendants read customers' files in the console).
 */
export function channelMediaRoutes(fetchMedia: ChannelMediaFetcher) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/channels/:channel/:bot/media/:media_id',
      summary: 'A customer attachment held by the provider, fetched on demand',
      tag: 'channels',
      access: 'authenticated',
      params: z.object({ channel: z.string(), bot: z.string(), media_id: z.string().min(1).max(200) }),
      response: { description: 'The file, with its MIME type' },
      errors: [404],
      handle: async ({ params, res }) => {
        const file = await fetchMedia(params.channel, params.bot, params.media_id);
        res.status(200).type(file.mimeType ?? 'application/octet-stream').setHeader('cache-control', 'private, max-age=300');
        res.send(file.data);
      },
    }),
  ];
}
