import { defaultBotConfig, type BotConfig } from '../../config/index.js';
import type { AttendantProfileRow, ConversationRow } from '../../db/index.js';
import type { KnownFacts } from '../attendance-listener.js';
import type { AttendanceRepositories } from '../attendance-repositories.js';
import { cardFacts, type CardFact } from '../customer-view/customer-fields.js';
import { loadCustomerView } from '../customer-view/load-customer.js';
import { anonymousName } from '../customer-view/display-name.js';
import { eligibleAttendants } from '../live/live-events.js';
import { requirementNow } from '../assignment/conversation-skills.js';
import { skillScore } from '../assignment/skills.js';
import { queueRequirement } from '../skills/queue-requirement.js';

/** How a notice names the customer, and the customer fields it shows (`attendance-customer-fields`). */
export interface NoticeCustomer {
  customer: string;
  facts: CardFact[];
}

/**
 * Who hears of a newly queued conversation on a channel destination (mobile_msg, workchat): the
 * online attendants who may take it (its queue's active members, else those of its channel) and
 * who have the skills it asks for, as automatic assignment would ask them at this moment
 * (docs/attendance/skills-routing.md, "Who gets it" and "Widening"); and how the customer is named
 * and described to them.
 */
export async function noticeRecipients(
  deps: {
    repos: Pick<AttendanceRepositories, 'profiles' | 'queues' | 'sessions' | 'crm'>;
    config?: (botId: string) => BotConfig | undefined;
    now?: () => Date;
  },
  row: ConversationRow,
  known: KnownFacts = {},
): Promise<{ profiles: AttendantProfileRow[] } & NoticeCustomer> {
  const { repos } = deps;
  const queueId = row.queue_id;
  // Independent reads, at once; what the change already read is not read again (attendance-listener.ts, KnownFacts).
  const [profiles, members, customer, queueSkills] = await Promise.all([
    known.online ?? repos.profiles.list({ status: 'online' }),
    !queueId ? [] : known.memberships ? known.memberships.filter((m) => m.queue_id === queueId) : repos.queues.listMembers(queueId),
    noticeCustomer(deps, row, known),
    queueRequirement(repos, row, known),
  ]);
  const widenSeconds = (deps.config?.(row.bot_id) ?? defaultBotConfig())['attendance-skills-widen-seconds'];
  const required = requirementNow(row, queueSkills, (deps.now ?? (() => new Date()))(), widenSeconds);
  const eligible = new Set(eligibleAttendants(row, profiles, members));
  return { profiles: profiles.filter((p) => eligible.has(p.user_id) && skillScore(p.skills, required) !== undefined), ...customer };
}

/** The customer of a conversation as attendants see them: the display name and the configured fields. */
export async function noticeCustomer(
  deps: { repos: Pick<AttendanceRepositories, 'sessions' | 'crm'>; config?: (botId: string) => BotConfig | undefined },
  row: ConversationRow,
  known: KnownFacts = {},
): Promise<NoticeCustomer> {
  const view = await loadCustomerView({ repos: deps.repos, config: deps.config ?? (() => undefined) }, row, known);
  return view ? { customer: view.name, facts: cardFacts(view) } : { customer: anonymousName(row.channel, row.session_id), facts: [] };
}
