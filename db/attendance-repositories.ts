import { createAttendanceConversationsRepo } from './attendance-conversations-repo.js';
import { createAttendanceCustomerRepo } from './attendance-customer-repo.js';
import { createAttendanceHandoffRepo } from './attendance-handoff-repo.js';
import { createQueueHoursRepo } from './attendance-hours-repo.js';
import { createSlaRepo } from './attendance-sla-repo.js';
import { createAttendanceEventsRepo, createAttendantProfilesRepo, createQueuesRepo } from './attendance-repo.js';
import { createBotsRepo } from './bots-repo.js';
import type { Database } from './connection.js';
import { createCrmAttendanceLogsRepo } from './crm-attendance-logs-repo.js';
import { createCrmRepo } from './crm-repo.js';
import { createMessagesRepo } from './messages-repo.js';
import { withTransaction } from './outbox-repo.js';
import { createSessionsRepo } from './sessions-repo.js';
import { createTicketsRepo } from './tickets-repo.js';
import { createTenantUsersRepo } from './tenant-users-repo.js';

function attendanceStores(db: Database) {
  return {
    conversations: createAttendanceConversationsRepo(db),
    handoffs: createAttendanceHandoffRepo(),
    events: createAttendanceEventsRepo(db),
    queues: createQueuesRepo(db),
    hours: createQueueHoursRepo(db),
    sla: createSlaRepo(db),
    profiles: createAttendantProfilesRepo(db),
    tickets: createTicketsRepo(db),
    // Another tenant's attendants are its members, with their roles there.
    users: createTenantUsersRepo(db),
    sessions: createSessionsRepo(db),
    messages: createMessagesRepo(db),
    bots: createBotsRepo(db),
    crm: createCrmRepo(db),
    crmLogs: createCrmAttendanceLogsRepo(db),
    customers: createAttendanceCustomerRepo(db),
  };
}

/** Every repository the attendance area uses, and a way to run several of them in one transaction. */
export interface AttendanceRepositoryBundle extends ReturnType<typeof attendanceStores> {
  /** The same repositories on one transaction: all of `work` commits, or none of it. */
  inTransaction<T>(work: (repos: AttendanceRepositoryBundle) => Promise<T>): Promise<T>;
}

/** Built once, at the composition root (app/main.ts). */
export function createAttendanceRepositories(db: Database): AttendanceRepositoryBundle {
  return { ...attendanceStores(db), inTransaction: (work) => withTransaction(db, (tx) => work(createAttendanceRepositories(tx))) };
}
