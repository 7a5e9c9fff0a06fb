import type { AudioFile, OutboundMessage } from '../../engine/index.js';
import type { GraphClient } from './graph-client.js';

/**
 * The audio half of a spoken reply on mobile_msg (docs/channels/mobile-msg.md, "Voice notes"):
 * the Ogg/Opus the speech path made (engine/voice/spoken-reply.ts) uploaded to the provider as
 * media (`POST /{phone-number-id}/media`, multipart) and sent as an audio message by its media id,
 * which the app plays inline. Resolves to the provider's id of the audio message.
 */
export async function sendSpokenReply(client: GraphClient, phoneNumberId: string, audio: AudioFile, message: OutboundMessage): Promise<string | undefined> {
  const uploaded = (await client.upload(`${phoneNumberId}/media`, { messaging_product: 'whatsapp', type: audio.mimeType }, {
    data: audio.data, mimeType: audio.mimeType, name: audio.name ?? 'reply.ogg',
  })) as { id?: unknown } | null;
  if (typeof uploaded?.id !== 'string') throw new Error('the provider gave no media id for the spoken reply');
  const sent = (await client.post(`${phoneNumberId}/messages`, {
    messaging_product: 'whatsapp', recipient_type: 'individual', to: message.to, type: 'audio', audio: { id: uploaded.id },
  })) as { messages?: { id?: unknown }[] } | null;
  const id = sent?.messages?.[0]?.id;
  return typeof id === 'string' ? id : undefined;
}
