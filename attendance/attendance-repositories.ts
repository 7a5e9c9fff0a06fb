import type {
  AttendanceConversationsRepo, AttendanceCustomerRepo, AttendanceEventsRepo, AttendanceHandoffRepo, AttendantProfilesRepo, BotsRepo, CrmAttendanceLogsRepo, CrmRepo, MessagesRepo,
  QueueHoursRepo, QueuesRepo, SessionsRepo, SlaRepo, TicketsRepo, UsersRepo,
} from '../db/index.js';

/**
 * The stores attendance works on, as narrow as its use cases need them. Built once at the
 * composition root (app/main.ts) and handed to every use case, so no use case opens a repository
 * itself and a unit test can hand in fakes (docs/architecture.md, "Repositories").
 */
export interface AttendanceRepositories {
  conversations: AttendanceConversationsRepo;
  /** The read of a handoff in one statement (queue-conversation.ts). */
  handoffs: AttendanceHandoffRepo;
  events: AttendanceEventsRepo;
  queues: QueuesRepo;
  /** Queues' business hours and automatic replies (hours/). */
  hours: QueueHoursRepo;
  /** SLA policies and clocks (sla/). */
  sla: SlaRepo;
  profiles: AttendantProfilesRepo;
  tickets: TicketsRepo;
  users: UsersRepo;
  sessions: SessionsRepo;
  messages: MessagesRepo;
  bots: BotsRepo;
  crm: CrmRepo;
  crmLogs: CrmAttendanceLogsRepo;
  /** The contact behind a conversation, and the tags and note attendants keep on it. */
  customers: AttendanceCustomerRepo;
  /** Runs `work` in one database transaction, on repositories bound to it. */
  inTransaction<T>(work: (repos: AttendanceRepositories) => Promise<T>): Promise<T>;
}
