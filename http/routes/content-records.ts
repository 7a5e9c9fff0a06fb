import {
  createEvent, createTask, listContacts, listEvents, listMail, listTasks, readMail, sendEmail, type ContentService,
} from '../../content/index.js';
import { defineRoute } from '../route.js';
import {
  CalendarEventListSchema, CalendarEventSchema, ContactListSchema, CreateEventRequestSchema, CreateTaskRequestSchema, IdParamsSchema, ListContactsQuerySchema,
  ListEventsQuerySchema, ListMailQuerySchema, ListTasksQuerySchema, MailListSchema, MailMessageWithBodySchema, SendEmailRequestSchema, SendEmailResultSchema,
  ShareParamsSchema, ShareRequestSchema, ShareResultSchema, TaskListSchema, TaskSchema,
} from '../schemas/content.js';
import { sharingJson } from './content-json.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const page = (q: { page: number; limit: number }) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

type EventRow = Parameters<typeof sharingJson>[0] & {
  id: string; uid: string; summary: string; description: string; location: string; all_day: boolean; time_zone: string | null; rrule: string | null;
};
type TaskRow = Parameters<typeof sharingJson>[0] & { id: string; title: string; notes: string; due_at: Date | null; status: 'open' | 'done'; created_at: Date; updated_at: Date };
type MailRow = Parameters<typeof sharingJson>[0] & {
  id: string; source: string; folder: string; uid: string; message_id: string | null; subject: string; from_address: string; to_addresses: string[];
  sent_at: Date | null; flags: string[]; size: number;
};

function eventJson(e: EventRow, start: Date, end: Date, recurrenceId: string) {
  return {
    id: e.id, uid: e.uid, summary: e.summary, description: e.description, location: e.location, start: start.toISOString(), end: end.toISOString(),
    all_day: e.all_day, time_zone: e.time_zone, rrule: e.rrule, recurrence_id: recurrenceId, ...sharingJson(e),
  };
}
const taskJson = (t: TaskRow) => ({
  id: t.id, title: t.title, notes: t.notes, due_at: iso(t.due_at), status: t.status, ...sharingJson(t), created_at: t.created_at.toISOString(),
  updated_at: t.updated_at.toISOString(),
});
const mailJson = (m: MailRow) => ({
  id: m.id, source: m.source, folder: m.folder, uid: m.uid, message_id: m.message_id, subject: m.subject, from: m.from_address, to: m.to_addresses,
  date: iso(m.sent_at), flags: m.flags, size: m.size, ...sharingJson(m),
});

/**
 * The rest of the REST mapping (docs/content.md): send email, calendar events in a
 * range, tasks, contacts, the mail archive, and sharing of any of them.
 */
export function contentRecordRoutes(content: ContentService) {
  return [
    defineRoute({
      method: 'post', path: '/api/email/send', tag: 'email', access: 'authenticated',
      summary: 'Send an email through the service\'s mail server (409 mail_not_configured without SMTP_URL); a copy is kept in the sender\'s archive (folder Sent)',
      body: SendEmailRequestSchema, errors: [409, 502],
      response: { description: 'Handed to the mail server', schema: SendEmailResultSchema },
      handle: async ({ body, principal }) => sendEmail(content.mail, { actor: await content.actor(principal), email: body }),
    }),
    defineRoute({
      method: 'get', path: '/api/calendar/events', tag: 'calendar', access: 'authenticated',
      summary: 'Events overlapping [from, to) the caller may see; recurring events expanded into occurrences',
      query: ListEventsQuerySchema,
      response: { description: 'The events by start', schema: CalendarEventListSchema },
      handle: async ({ query, principal }) => {
        const found = await listEvents(content.calendar, { actor: await content.actor(principal), from: query.from, to: query.to });
        return { events: found.map((o) => eventJson(o.event, o.start, o.end, o.recurrence_id)) };
      },
    }),
    defineRoute({
      method: 'post', path: '/api/calendar/events', tag: 'calendar', access: 'authenticated',
      summary: 'Create a single event owned by the caller',
      body: CreateEventRequestSchema, status: 201,
      response: { description: 'The event', schema: CalendarEventSchema },
      handle: async ({ body, principal }) => {
        const row = await createEvent(content.calendar, { actor: await content.actor(principal), event: body });
        return eventJson(row, row.starts_at, row.ends_at, '');
      },
    }),
    defineRoute({
      method: 'post', path: '/api/tasks', tag: 'tasks', access: 'authenticated',
      summary: 'Create a task owned by the caller',
      body: CreateTaskRequestSchema, status: 201,
      response: { description: 'The task', schema: TaskSchema },
      handle: async ({ body, principal }) => taskJson(await createTask(content.tasks, { actor: await content.actor(principal), ...body })),
    }),
    defineRoute({
      method: 'get', path: '/api/tasks', tag: 'tasks', access: 'authenticated',
      summary: 'Tasks the caller may see, newest first',
      query: ListTasksQuerySchema,
      response: { description: 'A page of tasks', schema: TaskListSchema },
      handle: async ({ query, principal }) => ({
        tasks: (await listTasks(content.tasks, { actor: await content.actor(principal), ...(query.status ? { status: query.status } : {}), page: page(query) })).map(taskJson),
      }),
    }),
    defineRoute({
      method: 'get', path: '/api/contacts', tag: 'contacts', access: 'authenticated',
      summary: 'Contacts the caller may see, by name',
      query: ListContactsQuerySchema,
      response: { description: 'A page of contacts', schema: ContactListSchema },
      handle: async ({ query, principal }) => ({
        contacts: (await listContacts(content.contacts, { actor: await content.actor(principal), page: page(query) })).map((c) => ({
          id: c.id, source: c.source, full_name: c.full_name, emails: c.emails, phones: c.phones, organization: c.organization, vcard: c.vcard,
          ...sharingJson(c), updated_at: c.updated_at.toISOString(), crm_contact_id: c.crm_contact_id,
        })),
      }),
    }),
    defineRoute({
      method: 'get', path: '/api/mail/messages', tag: 'mail', access: 'authenticated',
      summary: 'Archived mail the caller may see, newest first',
      query: ListMailQuerySchema,
      response: { description: 'A page of messages', schema: MailListSchema },
      handle: async ({ query, principal }) => ({
        messages: (await listMail(content.mail, { actor: await content.actor(principal), ...(query.folder ? { folder: query.folder } : {}), page: page(query) })).map(mailJson),
      }),
    }),
    defineRoute({
      method: 'get', path: '/api/mail/messages/:id', tag: 'mail', access: 'authenticated',
      summary: 'One archived message with its text body',
      params: IdParamsSchema, errors: [404],
      response: { description: 'The message', schema: MailMessageWithBodySchema },
      handle: async ({ params, principal }) => {
        const row = await readMail(content.mail, { actor: await content.actor(principal), id: params.id });
        return { ...mailJson(row), body_text: row.body_text };
      },
    }),
    defineRoute({
      method: 'put', path: '/api/sharing/:kind/:id', tag: 'sharing', access: 'authenticated',
      summary: 'Replace who may read a record besides its owner (owner or admin only)',
      params: ShareParamsSchema, body: ShareRequestSchema, errors: [403, 404],
      response: { description: 'The record\'s owner and sharing', schema: ShareResultSchema },
      handle: async ({ params, body, principal }) => {
        const record = await content.share({ actor: await content.actor(principal), kind: params.kind, id: params.id, users: body.users, groups: body.groups });
        return { id: record.id, owner_id: record.owner_id, shared_with: { users: [...record.shared_with_users], groups: [...record.shared_with_groups] } };
      },
    }),
  ];
}
