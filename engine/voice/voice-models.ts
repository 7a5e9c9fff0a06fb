import axios, { isAxiosError } from 'axios';
import type { BotConfig } from '../../config/index.js';
import type { ResolveHost } from '../../infra/outbound-guard.js';
import { refusalBehind } from '../../infra/outbound-http.js';
import { outboundPool } from '../../infra/outbound-pool.js';

/** Audio to transcribe or spoken audio produced. */
export interface AudioFile {
  data: Buffer;
  mimeType: string;
  name?: string;
}

/**
 * The bot's voice service (`voice-models-url`, `voice-models-api-key`): an OpenAI-compatible API
 * with `/audio/transcriptions` (speech to text) and `/audio/speech` (text to speech). Used by the
 * speech path of every channel with voice (docs/basic.md, "Voice on each channel").
 */
export interface VoiceModels {
  /** `language`: a language tag (`pt-BR`); the service is sent its ISO 639-1 part (`pt`), as the API takes it. */
  transcribe(audio: AudioFile, options?: { language?: string }): Promise<string>;
  /**
   * Spoken `text`: Ogg/Opus by default (`response_format: opus`, the service's Ogg-contained Opus),
   * the format voice notes play inline on mobile_msg, bot_msg and workchat; WAV for a phone call,
   * which plays it as G.711 (docs/channels/rtc-sip.md).
   */
  speak(text: string, options?: { format?: 'opus' | 'wav' }): Promise<AudioFile>;
}

/** A failed call to the voice service; the message never carries the API key. */
export class VoiceModelsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VoiceModelsError';
  }
}

/** The outbound guard refused the voice service's URL (infra/outbound-guard.ts): trying again cannot help. */
export class VoiceModelsRefusedError extends VoiceModelsError {
  constructor(message: string) {
    super(message);
    this.name = 'VoiceModelsRefusedError';
  }
}

export interface VoiceModelsOptions {
  /** Base URL, e.g. `https://api.openai.com/v1`. */
  url: string;
  apiKey?: string;
  timeoutMs?: number;
  transcriptionModel?: string;
  speechModel?: string;
  voice?: string;
  /**
   * The bot's `http-allow-private-networks`: every connection goes through the outbound door
   * (infra/outbound-http.ts), like the bot's language model, so a voice service on loopback or a
   * private network needs it on; metadata and link-local targets never pass.
   */
  allowPrivateNetworks: boolean;
  /** Host-name resolution for the guard; DNS unless replaced in tests. */
  resolve?: ResolveHost;
}

/**
 * A bot's voice service from its config (`voice-models-url`, `voice-models-api-key`, behind the
 * outbound guard with `http-allow-private-networks`), or none when no URL is set.
 */
export function voiceModelsOf(
  config: Pick<BotConfig, 'voice-models-url' | 'voice-models-api-key' | 'http-allow-private-networks'>,
): VoiceModels | undefined {
  const url = config['voice-models-url'];
  if (!url) return undefined;
  return createVoiceModels({
    url, allowPrivateNetworks: config['http-allow-private-networks'],
    ...(config['voice-models-api-key'] ? { apiKey: config['voice-models-api-key'] } : {}),
  });
}

export function createVoiceModels(options: VoiceModelsOptions): VoiceModels {
  const http = axios.create({
    // The guard checks each address where the socket opens: DNS is asked once, no rebinding window.
    ...outboundPool({ allowPrivateNetworks: options.allowPrivateNetworks, ...(options.resolve ? { resolve: options.resolve } : {}) }).agents,
    proxy: false,
    baseURL: options.url.replace(/\/+$/, ''),
    timeout: options.timeoutMs ?? 30_000,
    headers: options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {},
    // The API answers in place; a redirect would carry the key elsewhere.
    maxRedirects: 0,
  });
  const call = async <T>(what: string, send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (error) {
      const refusal = refusalBehind(error);
      if (refusal) throw new VoiceModelsRefusedError(`voice service ${what} not allowed: ${refusal.message}`);
      // Wrapped here so axios's error (which holds the request headers, the key included) never reaches a log.
      const status = isAxiosError(error) ? error.response?.status : undefined;
      throw new VoiceModelsError(`voice service ${what} failed${status ? ` (HTTP ${status})` : isAxiosError(error) ? ` (${error.code ?? 'transport'})` : ''}`);
    }
  };
  return {
    async transcribe(audio, hints) {
      const form = new FormData();
      form.append('model', options.transcriptionModel ?? 'whisper-1');
      const language = hints?.language?.split('-')[0]?.toLowerCase();
      if (language) form.append('language', language);
      form.append('file', new Blob([new Uint8Array(audio.data)], { type: audio.mimeType }), audio.name ?? fileNameFor(audio.mimeType));
      const response = await call('transcription', () => http.post<{ text?: unknown }>('/audio/transcriptions', form));
      if (typeof response.data.text !== 'string') throw new VoiceModelsError('voice service transcription gave no text');
      return response.data.text.trim();
    },
    async speak(text, spoken) {
      const format = spoken?.format ?? 'opus';
      const response = await call('speech', () => http.post<ArrayBuffer>('/audio/speech', {
        model: options.speechModel ?? 'tts-1', voice: options.voice ?? 'alloy', input: text, response_format: format,
      }, { responseType: 'arraybuffer' }));
      return format === 'wav'
        ? { data: Buffer.from(response.data), mimeType: 'audio/wav', name: 'reply.wav' }
        : { data: Buffer.from(response.data), mimeType: 'audio/ogg', name: 'reply.ogg' };
    },
  };
}

function fileNameFor(mimeType: string): string {
  const ext = {
    'audio/ogg': 'ogg', 'audio/mpeg': 'mp3', 'audio/mp4': 'm4a', 'audio/aac': 'aac', 'audio/amr': 'amr', 'audio/wav': 'wav', 'audio/webm': 'webm',
    // bot_msg's video notes: the service takes the sound track of an MP4.
    'video/mp4': 'mp4', 'video/webm': 'webm',
  }[mimeType.split(';')[0]!.trim()];
  return `voice.${ext ?? 'ogg'}`;
}
