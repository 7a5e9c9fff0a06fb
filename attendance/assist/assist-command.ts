/**
 * `/tips`, `/polish <message>`, `/replies` and `/summary`: the assist
 * answers written out for the attendant's console, with a note when they came from the built-in
 * rules rather than the model.
 */
import type { Actor } from '../commands/attendant-scope.js';
import type { CommandResult } from '../commands/conversation-commands.js';
import type { AttendantCommand } from '../commands/parse-command.js';
import type { FallbackReason, Sourced } from './assist-schemas.js';
import type { AssistService } from './assist-service.js';

const WHY: Record<FallbackReason, string> = {
  not_configured: 'no language model is configured for this bot',
  timeout: 'the language model did not answer in time',
  unavailable: 'the language model is unavailable',
  invalid_answer: 'the language model gave an unusable answer',
};

/** The line added under a fallback answer. */
export function fallbackNote(answer: Sourced<object>): string {
  return answer.source === 'fallback' ? `\n(From the built-in rules: ${WHY[answer.fallback_reason]}.)` : '';
}

/** Runs one assist command; the conversation is the command's, else the console's, else the held one. */
export async function assistCommand(
  assist: AssistService, actor: Actor, command: Extract<AttendantCommand, { kind: 'assist' }>, consoleSessionId?: string,
): Promise<CommandResult> {
  const sessionId = ('sessionId' in command ? command.sessionId : undefined) ?? consoleSessionId;
  const on = { actor, ...(sessionId ? { sessionId } : {}) };
  switch (command.name) {
    case 'tips': {
      const answer = await assist.tips(on);
      const lines = answer.tips.map((t, n) => `${n + 1}. [${t.type}] ${t.content}`);
      return { ok: true, reply: `Tips:\n${lines.join('\n')}${fallbackNote(answer)}`, session_id: answer.session_id };
    }
    case 'polish': {
      const answer = await assist.polish({ ...on, text: command.text });
      const changes = answer.changes.length > 0 ? `\nChanges: ${answer.changes.join('; ')}` : '\nNo changes needed.';
      return { ok: true, reply: `Polished (not sent — send it yourself if you like it):\n${answer.polished}${changes}${fallbackNote(answer)}` };
    }
    case 'replies': {
      const answer = await assist.replies(on);
      const lines = answer.replies.map((r, n) => `${n + 1}. ${r.text} (${r.tone}, ${r.category})`);
      return { ok: true, reply: `Suggested replies:\n${lines.join('\n')}${fallbackNote(answer)}`, session_id: answer.session_id };
    }
    case 'summary': {
      const s = await assist.summary(on);
      const list = (items: readonly string[]) => (items.length > 0 ? items.join('; ') : '—');
      const lines = [
        `Summary: ${s.brief}`, `Key points: ${list(s.key_points)}`, `Customer needs: ${list(s.customer_needs)}`,
        `Unresolved: ${list(s.unresolved_issues)}`, `Sentiment: ${s.sentiment_trend}`, `Recommended: ${s.recommended_action}`,
        `${s.message_count} messages over ${s.duration_minutes} min`,
      ];
      return { ok: true, reply: `${lines.join('\n')}${fallbackNote(s)}`, session_id: s.session_id };
    }
  }
}
