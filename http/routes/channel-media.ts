import { z } from 'zod';
import type { ChannelMediaFetcher } from '../../adapters/index.js';
import { defineRoute } from '../route.js';
import { sendStoredFile } from '../stored-file-answer.js';

/**
 * `GET /api/channels/{channel}/{bot}/media/{media_id}`: an inbound attachment the provider keeps
 * by id (docs/channels/README.md, "Attachments"), fetched on demand with the bot's token and
 * streamed to a signed-in user (attendants read customers' files in the console). The provider's
 * type is the customer's choice: checked, and anything that could run script is a download
 * (docs/content.md, "Serving files").
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
      response: { description: 'The file, with its MIME type (application/octet-stream when the provider gives none or an invalid one); an attachment unless the type shows without script' },
      errors: [404],
      handle: async ({ params, res }) => {
        const file = await fetchMedia(params.channel, params.bot, params.media_id);
        res.setHeader('cache-control', 'private, max-age=300');
        sendStoredFile(res, { bytes: file.data, contentType: file.mimeType ?? null });
      },
    }),
  ];
}
