/**
 * A caller's voicemail as a ticket (docs/channels/rtc-sip.md, "Voicemail"): nobody took the call
 * within the bot's longest wait, so the caller left a message, recorded and transcribed by the
 * call; the recording is already a file in the bot's drive.
 */
import { defaultBotConfig } from '../../config/index.js';
import type { TicketRow } from '../../db/index.js';
import { NotFoundError } from '../../infra/errors.js';
import { translate } from '../../infra/i18n.js';
import type { AssignDeps } from '../assign-conversation.js';
import { endLeftConversation } from '../end-left-conversation.js';
import { announceTicketChange, logTicketChange } from './ticket-events.js';
import type { TicketDeps } from './ticket-scope.js';

/** The message a caller left: what they said, and where its recording is. */
export interface VoicemailInput {
  session_id: string;
  /** The caller's number (E.164 when the trunk gave one). */
  caller: string;
  /** The voice service's transcript; empty when it heard no words. */
  transcript: string;
  recording: {
    /** A download link to the file (the bot drive's signed link). */
    url: string;
    /** The file's path in the bot's drive, where it stays after the link expires. */
    path: string;
    mime_type: string;
    duration_seconds: number;
  };
}

const PHONE_MAX = 20;

/**
 * The conversation leaves the queue first (resolved, `customer left`: nobody is to pick up a caller
 * who is gone), so resolving it does not resolve this ticket (tickets-listener.ts). Then an open
 * ticket, unassigned, tagged `voicemail`: subject "Voicemail from <caller>" in the bot's language,
 * the transcript as description, the recording in `custom_fields.voicemail`. Logs `ticket_created`.
 */
export async function openVoicemailTicket(deps: AssignDeps & Pick<TicketDeps, 'onTicketChange'>, input: VoicemailInput): Promise<TicketRow> {
  await endLeftConversation(deps, input.session_id);
  const session = await deps.repos.sessions.findById(input.session_id);
  if (!session) throw new NotFoundError(`Session ${input.session_id} does not exist`, 'session_not_found');
  const config = deps.config(session.bot_id) ?? defaultBotConfig();
  const contact = session.customer_id ? await deps.repos.crm.getContact(session.customer_id) : undefined;
  const phone = contact?.phone ?? input.caller;
  const values = {
    session_id: session.id,
    subject: translate(config.language, 'call.voicemail_subject', { caller: input.caller }),
    description: input.transcript.trim() || null,
    category: null, assigned_to: null, attendant_id: null,
    channel: session.channel.slice(0, 20),
    customer_id: contact?.id ?? null,
    contact_phone: phone.length <= PHONE_MAX ? phone : null,
    contact_email: contact?.email && contact.email.length <= 100 ? contact.email : null,
    tags: ['voicemail'],
    custom_fields: { voicemail: { transcript: input.transcript, recording: input.recording } },
  };
  const change = await deps.repos.inTransaction(async (repos) => {
    const ticket = await repos.tickets.create(values);
    return logTicketChange({ repos, now: deps.now }, { change: 'created', ticket });
  });
  await announceTicketChange(deps, change);
  return change.ticket;
}
