/**
 * Typed call commands on a conversation whose live call another instance holds (several
 * instances behind Kamailio, docs/operations/kamailio.md, "Attendants on another instance"): a
 * call lives on the instance that answered it, so its `/hold`, `/hangup`, `/transfer`… run there.
 * Defined here, implemented at the composition root (app/call-ports.ts) over the shared registry
 * of calls and the holder's HTTP API.
 */
import type { Actor } from '../commands/attendant-scope.js';
import type { CommandResult } from '../commands/conversation-commands.js';

export interface CallCommandRelay {
  /**
   * Runs `text` on `sessionId` as `actor` on the instance holding the session's live call, and
   * gives its answer; undefined when no other live instance holds a call of that session.
   */
  run(input: { actor: Actor; text: string; sessionId: string }): Promise<CommandResult | undefined>;
}
