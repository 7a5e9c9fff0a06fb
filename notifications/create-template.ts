import type { Principal } from '../auth/index.js';
import type { TemplateRow } from '../db/index.js';
import { ConflictError, ValidationError } from '../infra/errors.js';
import type { NotificationChannel } from './channels.js';
import type { NotificationsDeps } from './notifications-deps.js';
import { spendLimit } from './rate-limits.js';
import { placeholders } from './template-engine.js';

export interface CreateTemplateInput {
  name: string;
  title: string;
  body: string;
  channels: NotificationChannel[];
  variables: string[];
}

/**
 * Stores a template (docs/notifications.md, "Templates"). Every placeholder of the title and body must be declared in
 * `variables` (400 naming the undeclared ones); names are unique (409).
 */
export async function createTemplate(deps: NotificationsDeps, principal: Principal, input: CreateTemplateInput): Promise<TemplateRow> {
  const used = new Set([...placeholders(input.title), ...placeholders(input.body)]);
  const undeclared = [...used].filter((v) => !input.variables.includes(v));
  if (undeclared.length > 0) {
    throw new ValidationError(`Undeclared template variables: ${undeclared.join(', ')}`, undeclared.map((v) => ({ path: 'body.variables', message: `${v} is used but not declared` })), 'undeclared_variables');
  }
  await spendLimit(deps, 'template', principal.user_id);
  const created = await deps.settings.createTemplate({
    name: input.name, title: input.title, body: input.body, channels: [...new Set(input.channels)],
    variables: [...new Set(input.variables)], created_by: principal.user_id, created_at: deps.now(),
  });
  if (!created) throw new ConflictError(`A template named ${input.name} already exists`, 'template_exists');
  return created;
}
