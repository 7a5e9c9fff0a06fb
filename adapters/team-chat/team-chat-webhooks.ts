import type { WebhookAnswer } from '../../engine/index.js';
import { NotFoundError, UnauthorizedError } from '../../infra/errors.js';
import { assertJsonDepth } from '../../infra/json-depth.js';
import type { Logger } from '../../infra/logger.js';
import type { TeamChatClient, TeamChatThread, TeamChatUser } from './team-chat-client.js';
import { parseEvent, parseInteraction, parseSlashCommand } from './parse-team-chat.js';
import type { TeamChatSettings } from './team-chat-settings.js';
import { verifyTeamChatSignature } from './team-chat-signature.js';

/** The three request URLs of a team_chat app: `/webhooks/team_chat/{bot}/{event}`. */
export const TEAM_CHAT_EVENTS = ['interactions', 'commands', 'events'] as const;
export type TeamChatEvent = (typeof TEAM_CHAT_EVENTS)[number];

/** One line from an attendant in the workspace, for the attendance side to run. */
export interface TeamChatLine {
  /** The bot named in the request URL. */
  bot: string;
  user: TeamChatUser;
  /** An attendant command (`/take <id>`, `/queue`…) or, in a thread, text for the customer. */
  text: string;
  /** The notice's thread the line was written in. */
  thread?: TeamChatThread;
}

/** Runs a line as the attendant the user is (the composition root gives attendance's). */
export type TeamChatInbox = (line: TeamChatLine) => Promise<{ ok: boolean; reply: string }>;

export interface TeamChatRequest {
  bot: string;
  event: TeamChatEvent;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface TeamChatWebhooks {
  /** Verifies, runs what the request carries, and answers as the workspace expects. */
  receive(request: TeamChatRequest): Promise<WebhookAnswer>;
}

const OK: WebhookAnswer = { status: 200, contentType: 'application/json', body: '{"ok":true}' };
const json = (value: unknown): WebhookAnswer => ({ status: 200, contentType: 'application/json', body: JSON.stringify(value) });

/**
 * The team_chat request URLs (docs/channels/team-chat.md). The bot must have team_chat on (else
 * 404); every request must carry a valid v0 signature at most five minutes old (else 401, nothing
 * runs). Take presses run `/take <session>`; slash commands run as typed, answered to the user
 * alone; a human's reply in a notice's thread goes to that conversation's customer. A retry the
 * workspace sends because our first answer was slow is acknowledged without running again.
 */
export function createTeamChatWebhooks(deps: {
  settingsOf: (bot: string) => TeamChatSettings | undefined;
  client: TeamChatClient;
  inbox: TeamChatInbox;
  now?: () => Date;
  logger?: Pick<Logger, 'warn'>;
}): TeamChatWebhooks {
  const now = deps.now ?? (() => new Date());
  const header = (headers: TeamChatRequest['headers'], name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const tell = async (bot: string, channel: string | undefined, user: string, text: string) => {
    if (!channel) return;
    await deps.client.tellUser(bot, channel, user, text).catch((err: unknown) => deps.logger?.warn({ err, bot }, 'team_chat answer not posted'));
  };

  return {
    async receive(request) {
      const settings = deps.settingsOf(request.bot);
      if (!settings) throw new NotFoundError(`No team_chat webhook for bot "${request.bot}"`);
      const verified = verifyTeamChatSignature({
        signingSecret: settings.signingSecret, rawBody: request.rawBody, now: now(),
        timestamp: header(request.headers, 'x-slack-request-timestamp'), signature: header(request.headers, 'x-slack-signature'),
      });
      if (!verified) throw new UnauthorizedError('The request is not signed by the team_chat workspace');
      if (header(request.headers, 'x-slack-retry-reason') === 'http_timeout') return OK;
      const body = request.rawBody.toString('utf8');
      switch (request.event) {
        case 'interactions': {
          for (const press of parseInteraction(Object.fromEntries(new URLSearchParams(body)))) {
            const user = await deps.client.identify(request.bot, press.user);
            const result = await deps.inbox({ bot: request.bot, user, text: `/take ${press.session_id}` });
            if (!result.ok) await tell(request.bot, press.channel, press.user, result.reply);
          }
          return { status: 200, body: '' };
        }
        case 'commands': {
          const command = parseSlashCommand(Object.fromEntries(new URLSearchParams(body)));
          if (!command) return json({ response_type: 'ephemeral', text: 'This request is not a slash command.' });
          const user = await deps.client.identify(request.bot, command.user_id);
          const result = await deps.inbox({ bot: request.bot, user, text: `${command.command} ${command.text}`.trim() });
          return json({ response_type: 'ephemeral', text: result.reply });
        }
        case 'events': {
          assertJsonDepth(body);
          let parsed: ReturnType<typeof parseEvent>;
          try {
            parsed = parseEvent(JSON.parse(body));
          } catch {
            parsed = undefined;
          }
          if (!parsed) return OK;
          if ('challenge' in parsed) return json({ challenge: parsed.challenge });
          const user = await deps.client.identify(request.bot, parsed.user);
          const result = await deps.inbox({ bot: request.bot, user, text: parsed.text, thread: { channel: parsed.channel, ts: parsed.thread_ts } });
          if (!result.ok) await tell(request.bot, parsed.channel, parsed.user, result.reply);
          return OK;
        }
      }
    },
  };
}
