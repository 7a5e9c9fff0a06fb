import { ConflictError, NotFoundError } from '../../infra/errors.js';
import { createLogger } from '../../infra/logger.js';
import type { CallMedia } from '../../telephony/index.js';
import { createBrowserCalls } from './browser-calls.js';
import type { RtcSipBotSettings } from './rtc-sip-settings.js';

const bot = {
  bot: 'shop', trunk: { name: 'local', addresses: ['127.0.0.1'] }, numbers: ['+15550100'], inboundRoute: { kind: 'bot' }, maxCalls: 2,
  endSilenceMs: 800, noInputMs: 6000, maxHoldMs: 60_000, holdAnnounceMs: 30_000, language: 'en', transcriptionLanguage: 'en',
  voice: { transcribe: async () => '', speak: async () => ({ data: Buffer.alloc(0), mimeType: 'audio/wav' }) },
} satisfies RtcSipBotSettings;

function calls(active: number) {
  const opened: string[] = [];
  const browser = createBrowserCalls({
    bots: () => [bot], mediaAddress: '127.0.0.1', activeCalls: () => active, logger: createLogger({ pretty: false }),
    openMedia: async () => {
      opened.push('media');
      return {} as CallMedia;
    },
    track: () => () => undefined,
    run: async () => undefined,
  });
  return { browser, opened };
}

test('only a bot that answers calls takes browser calls; at its sip-max-calls it is busy, before any media opens', async () => {
  const { browser, opened } = calls(2);
  expect([browser.takes('shop'), browser.takes('other')]).toEqual([true, false]);
  await expect(browser.start({ bot: 'other', caller: 'web:v1', offerSdp: 'v=0' })).rejects.toBeInstanceOf(NotFoundError);
  await expect(browser.start({ bot: 'shop', caller: 'web:v1', offerSdp: 'v=0' })).rejects.toMatchObject({ code: 'calls_busy' });
  await expect(browser.start({ bot: 'shop', caller: 'web:v1', offerSdp: 'v=0' })).rejects.toBeInstanceOf(ConflictError);
  expect(opened).toEqual([]);
});

test('a call that is not the caller\'s, or none at all, is not found to hang up', async () => {
  await expect(calls(0).browser.hangUp('web-unknown', 'web:v1')).rejects.toMatchObject({ code: 'call_not_found' });
});
