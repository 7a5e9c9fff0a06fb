/**
 * Migrated content (docs/content.md): files, the mail archive, calendars, contacts and tasks
 * behind the REST mapping, owned per user and shared with users and groups; the
 * importers of `switchboard import` fill them; they live behind their own entry,
 * `content/importers/index.ts`, so the server never loads the IMAP, PST and CardDAV clients.
 */
export { mayRead, mayChange, readerOf, createActorResolver, type ContentActor, type SharedRecord, type GroupsOfUser, type ActorResolver } from './content-actor.js';
export { createContentService, type ContentService, type ContentWiring } from './content-service.js';
export * from './files/index.js';
export { listEvents, type EventOccurrence } from './calendar/list-events.js';
export { createEvent, type NewEventInput } from './calendar/create-event.js';
export { sendEmail, SENT_FOLDER, SENT_SOURCE, type EmailInput } from './mail/send-email.js';
export { createScriptDraft, DRAFTS_FOLDER, type ScriptDraftInput } from './mail/script-draft.js';
export { listMail, readMail } from './mail/list-mail.js';
export { mailboxReader, type MailboxAccess, type MailboxPosition, type PolledMail } from './mail/mailbox-reader.js';
export { listContacts } from './contacts/list-contacts.js';
export { createTask, listTasks } from './tasks/tasks.js';
export { createScriptTask, type TaskOwners, type ScriptTaskInput } from './tasks/script-task.js';
export { shareRecord, SHAREABLE_KINDS, type ShareableKind } from './sharing/share-record.js';
