import { z } from 'zod';
import { SHAREABLE_KINDS } from '../../content/index.js';
import { MediaTypeSchema } from './media-type.js';

/** Wire shapes of the content REST mapping (docs/content.md). */

const PATH_MAX = 1024;
const TEXT_MAX = 100_000;
const Path = z.string().min(1).max(PATH_MAX).meta({ description: 'A `/`-separated path; a leading `/` is the root too; `..` is refused' });
const Metadata = z.record(z.string().max(128), z.string().max(2048)).meta({ description: 'String metadata kept with each version' });
const Ids = z.array(z.string().min(1).max(200)).max(200);

/** Who besides the owner may read a record: users and groups (docs/content.md, "Ownership and sharing"). */
export const SharingSchema = z.object({ users: z.array(z.string()), groups: z.array(z.string()) }).meta({ id: 'ContentSharing' });
const owned = { owner_id: z.uuid(), shared_with: SharingSchema };

const Paging = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

export const FileEntrySchema = z.object({
  id: z.uuid(),
  path: z.string(),
  name: z.string(),
  folder: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  version: z.number().int().meta({ description: 'The newest version number (1 for a new file)' }),
  metadata: Metadata,
  ...owned,
  created_at: z.string(),
  updated_at: z.string(),
  download_url: z.string().meta({ description: 'GET it with the same bearer token for the bytes' }),
}).meta({ id: 'FileEntry' });

export const ListFilesQuerySchema = z.object({
  folder: z.string().max(PATH_MAX).optional().meta({ description: 'The folder to list; the root when absent' }),
  recursive: z.enum(['true', 'false']).optional().transform((v) => v === 'true').meta({ description: 'Every file below the folder instead of one level' }),
});

export const FileListSchema = z.object({
  folder: z.string(),
  folders: z.array(z.string()).meta({ description: 'Sub-folders holding a file the caller may see' }),
  files: z.array(FileEntrySchema),
}).meta({ id: 'FileList' });

export const WriteFileRequestSchema = z.object({
  path: Path,
  content: z.string().max(1_400_000).meta({ description: 'The bytes, as text or base64 (see encoding); bodies are limited to 1 MB' }),
  encoding: z.enum(['utf8', 'base64']).default('utf8'),
  content_type: MediaTypeSchema.optional().meta({ description: 'type/subtype with optional parameters; default application/octet-stream' }),
  metadata: Metadata.optional(),
}).meta({ id: 'WriteFileRequest' });

export const WriteFileResultSchema = FileEntrySchema.extend({
  written: z.boolean().meta({ description: 'False when the content and metadata equal the newest version (no new version)' }),
}).meta({ id: 'WriteFileResult' });

export const FilePathParamsSchema = z.object({ path: z.string().min(1).max(PATH_MAX) });
export const ReadFileQuerySchema = z.object({ version: z.coerce.number().int().min(1).max(1_000_000).optional() });
export const FileHistoryQuerySchema = z.object({ path: Path });

export const FileVersionSchema = z.object({
  version: z.number().int(), size: z.number().int(), content_type: z.string(), sha256: z.string(), metadata: Metadata,
  source_version: z.string().nullable(), created_at: z.string(),
}).meta({ id: 'FileVersion' });
export const FileHistorySchema = z.object({ path: z.string(), versions: z.array(FileVersionSchema) }).meta({ id: 'FileHistory' });

const Address = z.email().max(320);
const Addresses = z.union([Address, z.array(Address).min(1).max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));

export const SendEmailRequestSchema = z.object({
  to: Addresses,
  cc: Addresses.optional(),
  bcc: Addresses.optional(),
  subject: z.string().max(998),
  text: z.string().max(TEXT_MAX),
  html: z.string().max(TEXT_MAX).optional(),
}).meta({ id: 'SendEmailRequest' });
export const SendEmailResultSchema = z.object({ id: z.string(), status: z.literal('sent') }).meta({ id: 'SendEmailResult' });

export const ListEventsQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).transform((v) => new Date(v)).meta({ description: 'Start of the range (ISO 8601)' }),
  to: z.iso.datetime({ offset: true }).transform((v) => new Date(v)).meta({ description: 'End of the range, exclusive; at most 366 days after from' }),
});

export const CalendarEventSchema = z.object({
  id: z.uuid(),
  uid: z.string(),
  summary: z.string(),
  description: z.string(),
  location: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  time_zone: z.string().nullable(),
  rrule: z.string().nullable().meta({ description: 'The recurrence rule of a recurring event' }),
  recurrence_id: z.string().meta({ description: 'For an occurrence of a recurring event, the start the rule gave it; empty otherwise' }),
  ...owned,
}).meta({ id: 'CalendarEvent' });
export const CalendarEventListSchema = z.object({ events: z.array(CalendarEventSchema) }).meta({ id: 'CalendarEventList' });

export const CreateEventRequestSchema = z.object({
  summary: z.string().min(1).max(1000),
  description: z.string().max(TEXT_MAX).optional(),
  location: z.string().max(1000).optional(),
  start: z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
  end: z.iso.datetime({ offset: true }).transform((v) => new Date(v)),
  all_day: z.boolean().optional(),
  time_zone: z.string().max(100).optional(),
}).meta({ id: 'CreateCalendarEventRequest' });

export const CreateTaskRequestSchema = z.object({
  title: z.string().trim().min(1).max(500),
  notes: z.string().max(TEXT_MAX).optional(),
  due_at: z.iso.datetime({ offset: true }).transform((v) => new Date(v)).optional(),
}).meta({ id: 'CreateTaskRequest' });
export const TaskSchema = z.object({
  id: z.uuid(), title: z.string(), notes: z.string(), due_at: z.string().nullable(), status: z.enum(['open', 'done']), ...owned,
  created_at: z.string(), updated_at: z.string(),
}).meta({ id: 'Task' });
export const ListTasksQuerySchema = z.object({ ...Paging, status: z.enum(['open', 'done']).optional() });
export const TaskListSchema = z.object({ tasks: z.array(TaskSchema) }).meta({ id: 'TaskList' });

export const ContactSchema = z.object({
  id: z.uuid(), source: z.string(), full_name: z.string(), emails: z.array(z.string()), phones: z.array(z.string()), organization: z.string(),
  vcard: z.string().nullable(), ...owned, updated_at: z.string(),
  crm_contact_id: z.uuid().nullable().meta({ description: 'The CRM contact with one of the card\'s emails or phones (docs/crm.md, "Address book and CRM")' }),
}).meta({ id: 'Contact' });
export const ListContactsQuerySchema = z.object(Paging);
export const ContactListSchema = z.object({ contacts: z.array(ContactSchema) }).meta({ id: 'ContactList' });

export const MailMessageSchema = z.object({
  id: z.uuid(), source: z.string(), folder: z.string(), uid: z.string(), message_id: z.string().nullable(), subject: z.string(),
  from: z.string(), to: z.array(z.string()), date: z.string().nullable(), flags: z.array(z.string()), size: z.number().int(), ...owned,
}).meta({ id: 'MailMessage' });
export const MailMessageWithBodySchema = MailMessageSchema.extend({ body_text: z.string() }).meta({ id: 'MailMessageWithBody' });
export const ListMailQuerySchema = z.object({ ...Paging, folder: z.string().max(500).optional() });
export const MailListSchema = z.object({ messages: z.array(MailMessageSchema) }).meta({ id: 'MailList' });
export const IdParamsSchema = z.object({ id: z.string().max(100) });

export const ShareParamsSchema = z.object({ kind: z.enum(SHAREABLE_KINDS), id: z.string().max(100) });
export const ShareRequestSchema = z.object({
  users: Ids.default([]).meta({ description: 'User ids that may read the record' }),
  groups: Ids.default([]).meta({ description: 'Group ids whose members may read the record' }),
}).meta({ id: 'ShareRequest' });
export const ShareResultSchema = z.object({ id: z.string(), ...owned }).meta({ id: 'ShareResult' });

/** A bot-drive download link (docs/content.md, "The bot drive"): the bot and the file's path, then its expiry and signature. */
export const DriveLinkParamsSchema = z.object({ bot: z.string().min(1).max(200), path: z.string().min(1).max(PATH_MAX) });
export const DriveLinkQuerySchema = z.object({
  expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).meta({ description: 'Unix time in seconds after which the link no longer opens' }),
  signature: z.string().min(1).max(100).meta({ description: 'The server\'s HMAC-SHA256 over bot, path and expiry, base64url' }),
});
