import type { MessagingChannel } from './parse-messaging.js';

/**
 * The user-profile call of the messaging channels, whose webhooks carry only the sender's id
 * (docs/crm.md, "Names from every channel"): page_msg asks `GET /{psid}?fields=first_name,last_name,name,profile_pic`,
 * social_dm `GET /{igsid}?fields=name,username`.
 */
export function profilePath(channel: MessagingChannel, customerId: string): string {
  const fields = channel === 'page_msg' ? 'first_name,last_name,name,profile_pic' : 'name,username';
  return `${encodeURIComponent(customerId)}?fields=${fields}`;
}

/** The name a profile answer gives: `name`, else first and last name (page_msg), else the username (social_dm). */
export function profileName(answer: unknown): string | undefined {
  const profile = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof profile[key] === 'string' ? profile[key].trim() : '');
  return text('name') || [text('first_name'), text('last_name')].filter(Boolean).join(' ') || text('username') || undefined;
}
