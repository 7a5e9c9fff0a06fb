import type { CobrowseRecordingFile, CobrowseRecordingStore } from '../attendance/index.js';
import type { Engine } from '../engine/index.js';
import type { FilesPort } from '../script-host/index.js';
import type { BotRegistry } from './bot-registry.js';

/** The drive folder kept co-browses go to (docs/attendance/co-browse.md, "Storage"). */
export const COBROWSE_DRIVE_FOLDER = 'cobrowse';

/**
 * Kept co-browses in the bot's drive (docs/content.md, "The bot drive"), at
 * `cobrowse/<session id>/<cobrowse id>.json`, for bots with `cobrowse-keep-recordings`; the message
 * naming one is stored in the conversation as delivered (as a call's recording is): for its
 * attendants' transcript, never delivered to the visitor.
 */
export function cobrowseRecordings(deps: { bots: BotRegistry; files: FilesPort; engine: Pick<Engine, 'send'> }): CobrowseRecordingStore {
  const drive = (botId: string) => {
    const bot = deps.bots.find(botId);
    if (!bot) throw new Error(`no bot ${botId}`);
    return deps.files(bot);
  };
  const pathOf = (key: { sessionId: string; cobrowseId: string }) => `${COBROWSE_DRIVE_FOLDER}/${key.sessionId}/${key.cobrowseId}.json`;
  return {
    keeps: (botId) => deps.bots.find(botId)?.config['cobrowse-keep-recordings'] === true,
    async write(key, file) {
      await drive(key.botId).write(pathOf(key), Buffer.from(JSON.stringify(file)));
    },
    async read(key) {
      if (!deps.bots.find(key.botId)) return undefined;
      const bytes = await drive(key.botId).read(pathOf(key));
      return bytes && (JSON.parse(bytes.toString('utf8')) as CobrowseRecordingFile);
    },
    async remove(key) {
      if (!deps.bots.find(key.botId)) return false;
      return drive(key.botId).delete(pathOf(key));
    },
    async note(key, message) {
      // `to` is not the visitor's id: the message is not published to their widget.
      await deps.engine.send([{
        session_id: key.sessionId, channel: 'web', to: '', text: message.text, from: 'system',
        attachments: [{ type: 'file', url: message.url, mime_type: 'application/json', name: message.name }],
      }], { handedOut: true });
    },
  };
}
