/**
 * Where attendants receive a conversation (docs/attendance/README.md, "Destinations"). Each place
 * attendants work from besides the web console — mobile_msg, team_chat, workchat — is one
 * {@link AttendantDestination}, handed to {@link createDestinationRegistry} at the composition
 * root; the registry tells only the destination chosen for each conversation. The web console
 * needs no entry: its live events reach every console whatever the destination.
 */
import { ATTENDANT_DESTINATIONS, type AttendantDestinationName, type BotConfig } from '../../config/index.js';
import type { ConversationRow, SessionsRepo } from '../../db/index.js';
import type { AttendanceListener, KnownFacts } from '../attendance-listener.js';

/**
 * One destination: its name and the listener calls it wants, with the same meaning as
 * {@link AttendanceListener}. A `conversation.queued` among the events is the new-conversation
 * notice; later events (assigned, resolved…) and customer messages let it keep what it posted up
 * to date. Plugging one in is one entry in the registry's list.
 */
export interface AttendantDestination extends Partial<AttendanceListener> {
  readonly name: AttendantDestinationName;
}

/**
 * The destination of a conversation: the `destination` TRANSFER TO HUMAN wrote to the session
 * when it names a known one, else the bot's `attendance-default-destination`. Pure.
 */
export function destinationOf(config: Pick<BotConfig, 'attendance-default-destination'>, context: Record<string, unknown>): AttendantDestinationName {
  const asked = typeof context.destination === 'string' ? context.destination.trim().toLowerCase() : '';
  return ATTENDANT_DESTINATIONS.find((d) => d === asked) ?? config['attendance-default-destination'];
}

export interface DestinationRegistryDeps {
  destinations: readonly AttendantDestination[];
  repos: { sessions: Pick<SessionsRepo, 'findById'> };
  /** A bot's configuration by bot id. */
  config: (botId: string) => Pick<BotConfig, 'attendance-default-destination'> | undefined;
}

/**
 * One attendance listener that hands each change and customer message to the destination chosen
 * for its conversation (none when that is `web` or a destination not plugged in). Throws at
 * start-up when two destinations share a name.
 */
export function createDestinationRegistry(deps: DestinationRegistryDeps): Partial<AttendanceListener> {
  const byName = new Map<AttendantDestinationName, AttendantDestination>();
  for (const destination of deps.destinations) {
    if (byName.has(destination.name)) throw new Error(`Two attendant destinations are named ${destination.name}`);
    byName.set(destination.name, destination);
  }
  const chosen = async (row: ConversationRow, known: KnownFacts = {}): Promise<AttendantDestination | undefined> => {
    const config = deps.config(row.bot_id);
    if (byName.size === 0 || !config) return undefined;
    const session = known.session ?? await deps.repos.sessions.findById(row.session_id);
    return byName.get(destinationOf(config, session?.context_data ?? {}));
  };
  return {
    async conversationChanged(row, events, known) {
      await (await chosen(row, known))?.conversationChanged?.(row, events, known);
    },
    async customerMessage(row, text) {
      await (await chosen(row))?.customerMessage?.(row, text);
    },
  };
}
