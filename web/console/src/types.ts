/** The shapes the console reads from the API (the OpenAPI document at /api/openapi.json is the reference). */

export type ConversationStatus = 'waiting' | 'assigned' | 'active' | 'pending' | 'resolved';

export interface QueueItem {
  session_id: string;
  bot_id: string;
  channel: string;
  user_name: string;
  user_email: string | null;
  user_phone: string | null;
  last_message: string | null;
  waiting_time_seconds: number;
  priority: number;
  status: ConversationStatus;
  assigned_to: string | null;
  assigned_to_name: string | null;
  queue_id: string | null;
  topic: string | null;
  waiting_since: string | null;
  /** What an attendant must know to be given it automatically (its own and its queue's), before widening. */
  required_skills: { name: string; min_level: number }[];
}

export interface TranscriptEntry {
  id: string;
  direction: 'inbound' | 'outbound';
  from: 'customer' | 'bot' | 'attendant' | 'system';
  text: string;
  delivery_state: 'received' | 'pending' | 'delivered' | 'failed';
  at: string;
  /** Files with a link: a phone call's recording is an `audio` one. */
  attachments?: { type: string; url: string; mime_type?: string; name?: string }[];
}

export interface Me {
  id: string;
  username: string;
  roles: string[];
  is_admin: boolean;
}

export interface Attendant {
  id: string;
  name: string;
  username: string;
  status: 'online' | 'busy' | 'away' | 'offline';
  active_conversations: number;
}

export interface Queue {
  id: string;
  name: string;
  bot_id: string;
  is_active: boolean;
}

/** A frame the server pushes on /ws/attendance (docs/attendance/live-events.md). */
export interface LiveFrame {
  type: string;
  session_id?: string;
  request_id?: string;
  [key: string]: unknown;
}

/** A customer field as attendants see it (GET /api/attendance/sessions/{id}/customer). */
export interface CustomerField {
  key: string;
  label: string;
  value: string | number | string[] | null;
}

/** The customer of a conversation: display name, the bot's configured fields, tags and note. */
export interface CustomerView {
  session_id: string;
  channel: string;
  contact_id: string | null;
  name: string;
  fields: CustomerField[];
  tags: string[];
  note: string | null;
}
