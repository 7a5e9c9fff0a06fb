/**
 * What callers outside the area ask of attendance on behalf of a person — the REST routes and the
 * console socket (docs/attendance/rest.md, docs/attendance/live-events.md). Each call binds one
 * use case to the repositories and the service this holds, so no caller holds attendance's
 * repositories (docs/architecture.md, "Folder map": a route calls one service function). Who may
 * call (the role check) stays the caller's; what the caller may see and do is the use case's.
 */
import type { QueueChanges } from '../db/index.js';
import type { EventBus } from '../infra/events/index.js';
import type { AssistService } from './assist/index.js';
import type { AttendanceRepositories } from './attendance-repositories.js';
import type { AttendanceService } from './attendance-service.js';
import {
  createCannedResponse, deleteCannedResponse, listCannedResponses, updateCannedResponse, type CannedResponseDeps, type CannedResponseInput,
} from './canned-responses/manage-canned-responses.js';
import { listVisibleItems, type Actor } from './commands/attendant-scope.js';
import { listAttendants } from './commands/list-attendants.js';
import type { AttendantMeetingsPort } from './commands/meeting-commands.js';
import { runAttendantCommand, type AttendantCommandInput } from './commands/run-attendant-command.js';
import { listAttendanceLog } from './crm-attendance-log.js';
import { editCustomerNotes, readCustomerView, type EditCustomerNotesInput } from './customer-view/edit-customer-notes.js';
import { getInsights, type CampaignInsightsPort, type GetInsightsInput } from './insights/get-insights.js';
import { listKanbanBoard } from './kanban/list-kanban-board.js';
import { moveKanbanCard, type MoveKanbanCardInput } from './kanban/move-kanban-card.js';
import { publishAttendantTyping } from './live/attendant-typing.js';
import {
  deleteKeptCobrowse, endCobrowse, pointCobrowse, readKeptCobrowse, requestCobrowse, resyncCobrowse, type CobrowseRecordingStore,
} from './cobrowse/index.js';
import { addQueueMember, removeQueueMember, type AddQueueMemberInput } from './queues/manage-queue-members.js';
import { setAttendantSkills, skillsOverview, type SetAttendantSkillsInput } from './skills/manage-skills.js';
import { createQueue, deleteQueue, getQueue, listQueues, updateQueue, type CreateQueueInput } from './queues/manage-queues.js';
import { readTranscript } from './read-transcript.js';
import {
  assignTicket, createTicket, deleteTicket, listTickets, resolveTicket, transferTicket, updateTicket, visibleTicket,
  type AssignTicketInput, type CreateTicketInput, type DeleteTicketInput, type ListTicketsInput, type TransferTicketInput,
  type UpdateTicketInput,
} from './tickets/index.js';
import { transferConversation, type TransferConversationInput } from './transfer-conversation.js';
import { getQueueHours, putQueueHours, type QueueHoursInput } from './hours/index.js';
import { createSlaPolicy, deleteSlaPolicy, getSlaAttainment, listSlaClocks, listSlaPolicies, updateSlaPolicy } from './sla/index.js';
import type { NewSlaPolicy } from '../db/index.js';
import { hangUpCall, holdCall, sendCallDigits, transferCall, type CallTransferTarget } from './calls/call-actions.js';
import type { CallCommandRelay } from './calls/call-command-relay.js';
import { NO_CALLS, type CallControlPort } from './calls/call-control-port.js';

export interface AttendanceApiDeps {
  repos: AttendanceRepositories;
  attendance: AttendanceService;
  /** Language-model assist for the `/tips /polish /replies /summary` commands. */
  assist?: AssistService;
  /** Rooms for the `/video /call /voice` commands. */
  meetings?: AttendantMeetingsPort;
  /** The live phone calls (docs/attendance/calls.md); without it no conversation has a live call. */
  calls?: CallControlPort;
  /** The instance holding a call, for the call commands of a call another instance holds. */
  callRelay?: CallCommandRelay;
  /** The console's canned responses (docs/attendance/console.md). */
  cannedResponses: CannedResponseDeps;
  /** Where an attendant's typing notice reaches the customer's widget. */
  bus: Pick<EventBus, 'publish'>;
  /** The campaigns' block of the insights (the CRM's, handed in by the composition root). */
  campaignInsights?: CampaignInsightsPort;
  /** Where kept co-browses are (docs/attendance/co-browse.md, "Storage"); without it none is kept. */
  cobrowseRecordings?: Pick<CobrowseRecordingStore, 'read' | 'remove'>;
}

/** Builds the calls; each runs with the service's clock, bot configuration and listeners. */
export function createAttendanceApi(deps: AttendanceApiDeps) {
  const { repos, attendance, cannedResponses: canned } = deps;
  const base = attendance.useCaseDeps;
  const tickets = attendance.ticketDeps;
  const commands = {
    repos, attendance, bus: deps.bus, ...(deps.assist ? { assist: deps.assist } : {}), ...(deps.meetings ? { meetings: deps.meetings } : {}),
    ...(deps.calls ? { calls: deps.calls } : {}), ...(deps.callRelay ? { callRelay: deps.callRelay } : {}),
  };
  const callDeps = { repos, calls: deps.calls ?? NO_CALLS, base, bus: deps.bus };
  const cobrowseDeps = { repos, bus: deps.bus, now: base.now };
  const keptCobrowses = deps.cobrowseRecordings ?? { read: async () => undefined, remove: async () => false };
  return {
    /** A command line (`/take`, `/resolve`, `/queue`…) or plain text for the customer, as the actor. */
    command: (input: AttendantCommandInput) => runAttendantCommand(commands, input),
    /** Plain text from the attendant who holds the conversation to its customer. */
    relay: attendance.relay,
    /** The attendant who holds the conversation is typing: the customer's widget hears of it. */
    typing: (actor: Actor, sessionId: string) => publishAttendantTyping({ repos, bus: deps.bus, now: base.now }, { actor, sessionId }),
    /** Co-browse of the web visitor's page, by the attendant who holds the conversation (docs/attendance/co-browse.md). */
    cobrowse: {
      request: (actor: Actor, sessionId: string) => requestCobrowse(cobrowseDeps, { actor, sessionId }),
      point: (actor: Actor, sessionId: string, cobrowseId: string, x: number, y: number) => pointCobrowse(cobrowseDeps, { actor, sessionId, cobrowseId, x, y }),
      resync: (actor: Actor, sessionId: string, cobrowseId: string) => resyncCobrowse(cobrowseDeps, { actor, sessionId, cobrowseId }),
      end: (actor: Actor, sessionId: string, cobrowseId: string) => endCobrowse(cobrowseDeps, { actor, sessionId, cobrowseId }),
      /** A kept co-browse of a conversation the actor may see. */
      recording: (actor: Actor, sessionId: string, cobrowseId: string) => readKeptCobrowse({ repos, store: keptCobrowses }, { actor, sessionId, cobrowseId }),
      deleteRecording: (actor: Actor, sessionId: string, cobrowseId: string) => deleteKeptCobrowse({ repos, store: keptCobrowses }, { actor, sessionId, cobrowseId }),
    },
    /** Open conversations the actor may see, highest priority and oldest first. */
    queue: (actor: Actor) => listVisibleItems(repos, actor, (filter) => attendance.queueItems(filter)),
    /** Attendants with their routing fields, presence and load. */
    attendants: () => listAttendants({ repos }),
    /** The transcript of a conversation the actor may see. */
    transcript: (actor: Actor, sessionId: string) => readTranscript(repos, actor, sessionId),
    resolve: attendance.resolveAs,
    assign: attendance.assignAs,
    transfer: (input: TransferConversationInput) => transferConversation(base, input),
    /** The phone call of a conversation the actor holds (docs/attendance/calls.md). */
    call: {
      hold: (actor: Actor, sessionId: string, on: boolean) => holdCall(callDeps, actor, { sessionId, on }),
      dtmf: (actor: Actor, sessionId: string, digits: string) => sendCallDigits(callDeps, actor, { sessionId, digits }),
      hangUp: (actor: Actor, sessionId: string) => hangUpCall(callDeps, actor, { sessionId }),
      transfer: (actor: Actor, sessionId: string, to: CallTransferTarget) => transferCall(callDeps, actor, { sessionId, to }),
    },
    /** The customer of a conversation as attendants see them, and the tags and note they keep (docs/crm.md, "What attendants see"). */
    customer: {
      view: (actor: Actor, sessionId: string) => readCustomerView({ repos, config: base.config }, actor, sessionId),
      edit: (input: EditCustomerNotesInput) => editCustomerNotes({ repos, config: base.config }, input),
    },
    kanban: {
      board: (input: { actor: Actor; botId?: string }) => listKanbanBoard({ repos, attendance, config: base.config, now: base.now }, input),
      move: (input: MoveKanbanCardInput) => moveKanbanCard({ ...base, attendance }, input),
    },
    queues: {
      create: (input: CreateQueueInput) => createQueue(base, input),
      list: (actor: Actor) => listQueues(base, actor),
      get: (actor: Actor, queueId: string) => getQueue(base, actor, queueId),
      update: (queueId: string, changes: QueueChanges) => updateQueue(base, { queueId, changes }),
      delete: (queueId: string) => deleteQueue(base, queueId),
      addMember: (input: AddQueueMemberInput) => addQueueMember(base, input),
      removeMember: (input: { queueId: string; userId: string }) => removeQueueMember(base, input),
    },
    /** Skills-based routing (docs/attendance/skills-routing.md): who knows what; a queue's requirement is one of its fields. */
    skills: {
      overview: () => skillsOverview(base),
      setAttendant: (input: SetAttendantSkillsInput) => setAttendantSkills(base, input),
    },
    /** A queue's business hours and automatic replies (docs/attendance/business-hours.md). */
    hours: {
      get: (actor: Actor, queueId: string) => getQueueHours(base, actor, queueId),
      put: (queueId: string, input: QueueHoursInput) => putQueueHours(base, queueId, input),
    },
    /** SLA policies, the running clocks and attainment (docs/attendance/sla.md). */
    sla: {
      policies: () => listSlaPolicies({ repos }),
      createPolicy: (policy: NewSlaPolicy) => createSlaPolicy({ repos }, policy),
      updatePolicy: (id: string, changes: Partial<NewSlaPolicy>) => updateSlaPolicy({ repos }, id, changes),
      deletePolicy: (id: string) => deleteSlaPolicy({ repos }, id),
      clocks: (actor: Actor) => listSlaClocks(repos, actor),
      attainment: (input: { from?: Date; to?: Date; botId?: string }) => getSlaAttainment({ repos, now: base.now }, input),
    },
    tickets: {
      list: (input: ListTicketsInput) => listTickets(tickets, input),
      get: (actor: Actor, ticketId: string) => visibleTicket(repos, actor, ticketId),
      create: (input: CreateTicketInput) => createTicket(tickets, input),
      update: (input: UpdateTicketInput) => updateTicket(tickets, input),
      delete: (input: DeleteTicketInput) => deleteTicket(tickets, input),
      assign: (input: AssignTicketInput) => assignTicket(tickets, input),
      transfer: (input: TransferTicketInput) => transferTicket(tickets, input),
      /** Resolves a ticket the actor may see (resolveTicket itself also serves the listener, which has no actor). */
      async resolve(actor: Actor, input: { ticketId: string; resolution?: string }) {
        await visibleTicket(repos, actor, input.ticketId);
        return resolveTicket(tickets, { ...input, actorId: actor.user_id });
      },
    },
    /** The supervisors' KPIs over a window. */
    insights: (input: GetInsightsInput) => getInsights({ repos, now: base.now, ...(deps.campaignInsights ? { campaigns: deps.campaignInsights } : {}) }, input),
    /** A contact's or a session's CRM attendance log, newest first. */
    crmLog: (filter: Parameters<typeof listAttendanceLog>[1]) => listAttendanceLog(repos, filter),
    cannedResponses: {
      list: (actor: Actor, bot?: string) => listCannedResponses(canned, actor, bot),
      create: (actor: Actor, input: CannedResponseInput) => createCannedResponse(canned, actor, input),
      update: (actor: Actor, id: string, changes: Parameters<typeof updateCannedResponse>[3]) => updateCannedResponse(canned, actor, id, changes),
      delete: (actor: Actor, id: string) => deleteCannedResponse(canned, actor, id),
    },
  };
}

export type AttendanceApi = ReturnType<typeof createAttendanceApi>;
