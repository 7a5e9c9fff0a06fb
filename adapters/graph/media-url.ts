import type { Channel } from '../../engine/index.js';

/**
 * The path of our authenticated endpoint that fetches a provider-held file on demand
 * (docs/channels/README.md, "Attachments"). Inbound attachments carry it as their `url`, so the
 * transcript and the console never see a provider URL or token.
 */
export function mediaPath(channel: Channel, bot: string, mediaId: string): string {
  return `/api/channels/${channel}/${encodeURIComponent(bot)}/media/${encodeURIComponent(mediaId)}`;
}
