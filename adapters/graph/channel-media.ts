import { NotFoundError, UpstreamError } from '../../infra/errors.js';
import type { GraphAdapter } from './graph-adapter.js';
import type { GraphFile } from './graph-client.js';
import { GraphApiError } from './graph-error.js';

/** The largest file our media endpoint fetches from a provider (the providers' own limit for audio and video). */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** Fetches a provider-held attachment for our media endpoint (docs/channels/README.md, "Attachments"). */
export type ChannelMediaFetcher = (channel: string, bot: string, mediaId: string) => Promise<GraphFile>;

/**
 * The media endpoint's use case: the channel's adapter downloads the file with the bot's token,
 * at most {@link MEDIA_MAX_BYTES}. A channel without provider-held media, or off for the bot, is
 * not found; a provider failure is an upstream error with the provider's words.
 */
export function createChannelMediaFetcher(adapterOf: (channel: string) => GraphAdapter | undefined, maxBytes = MEDIA_MAX_BYTES): ChannelMediaFetcher {
  return async (channel, bot, mediaId) => {
    const adapter = adapterOf(channel);
    if (adapter?.channel !== 'mobile_msg' || !adapter.isEnabled(bot)) throw new NotFoundError(`No ${channel} media for bot ${bot}`, 'media_not_found');
    try {
      return await adapter.fetchMedia(bot, mediaId, maxBytes);
    } catch (error) {
      if (error instanceof GraphApiError) {
        if (error.options.status === 404 || error.code === 100) throw new NotFoundError(`No media ${mediaId}`, 'media_not_found');
        throw new UpstreamError(`The provider did not give the file: ${error.message}`, 'media_unavailable');
      }
      throw error;
    }
  };
}
