import type { Principal } from '../auth/index.js';
import { NotFoundError, ValidationError } from '../infra/errors.js';
import type { NotificationChannel } from './channels.js';
import type { NotificationsDeps } from './notifications-deps.js';
import { sendNotification, type SendNotificationInput, type SentNotification } from './send-notification.js';
import { renderTemplate } from './template-engine.js';

export interface SendTemplateInput {
  template: string;
  recipients: string[];
  variables: Record<string, unknown>;
  /** Per recipient values laid over `variables`, so each recipient's copy is rendered for them. */
  recipient_variables: Record<string, Record<string, unknown>>;
  options: Omit<SendNotificationInput, 'recipients' | 'title' | 'message' | 'channels' | 'contents'> & { channels?: NotificationChannel[] };
}

/**
 * Sends a stored template (`send/template`, docs/notifications.md, "Templates"): rendered per recipient from `variables`
 * and that recipient's `recipient_variables`. Every declared variable must have a value for every
 * recipient and no undeclared one may be given (400 naming them); unknown template → 404.
 */
export async function sendTemplate(deps: NotificationsDeps, principal: Principal, input: SendTemplateInput): Promise<SentNotification> {
  const template = await deps.settings.template(input.template);
  if (!template) throw new NotFoundError(`Template ${input.template} not found`, 'template_not_found');
  const given = new Set([...Object.keys(input.variables), ...Object.values(input.recipient_variables).flatMap((v) => Object.keys(v))]);
  const undeclared = [...given].filter((v) => !template.variables.includes(v));
  if (undeclared.length > 0) throw new ValidationError(`Undeclared template variables: ${undeclared.join(', ')}`, [], 'undeclared_variables');
  const contents = new Map<string, { title: string; message: string }>();
  const missing = new Set<string>();
  for (const recipient of new Set(input.recipients)) {
    const values = { ...input.variables, ...input.recipient_variables[recipient] };
    for (const v of template.variables) if (values[v] === undefined || values[v] === null) missing.add(v);
    if (missing.size === 0) contents.set(recipient, { title: renderTemplate(template.title, values), message: renderTemplate(template.body, values) });
  }
  if (missing.size > 0) throw new ValidationError(`Missing template variables: ${[...missing].join(', ')}`, [], 'missing_variables');
  const first = contents.values().next().value!;
  return sendNotification(deps, principal, {
    ...input.options,
    recipients: input.recipients,
    title: first.title,
    message: first.message,
    channels: input.options.channels ?? (template.channels as NotificationChannel[]),
    contents,
  });
}
