import { isEmailAddress, type ObjectValue, type Value } from '../basic-interpreter/index.js';
import { NotFoundError, ScriptFailedError, ValidationError } from '../infra/errors.js';
import { admitEndpointRequest } from './endpoint-guard.js';
import { formFields, headerOf, parseBody, type RequestHeaders } from './endpoint-request.js';
import type { HostContext } from './script-host-context.js';
import { createEndpointHost } from './effect-host.js';
import { runBackgroundScript } from './run-background-script.js';
import { formScripts } from './script-endpoints.js';

/** A form posted to `/api/{bot}/forms/{form}` (urlencoded or JSON). */
export interface FormSubmission {
  bot: string;
  form: string;
  /** The query of the URL it was posted to (`?utm_source=…`). */
  query: Record<string, string | string[] | undefined>;
  headers: RequestHeaders;
  rawBody: Buffer;
  clientAddress: string;
}

/** What the poster gets: a JSON acknowledgement, or a redirect to the page the form named. */
export type FormAnswer =
  | { kind: 'ack'; body: { success: true; form: string; messages: string[] } }
  | { kind: 'redirect'; location: string };

/** The hidden field naming the page to go to after the post (a path on this server). */
export const NEXT_FIELD = '_next';
const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

/**
 * One form post (docs/basic.md, "Webhooks and forms"): the bot and the rate limit, the script
 * with the form's `ON FORM SUBMIT` block (404 when none), the `WITH VALIDATION` checks, then the
 * block runs with `FORM` (also `fields`) holding the fields and `metadata` where the post came
 * from. What the block says with TALK is the acknowledgement's `messages`; with a `_next` field
 * naming a path on this server, the answer is a redirect there instead (a plain HTML form's post).
 */
export async function submitForm(ctx: HostContext, submission: FormSubmission): Promise<FormAnswer> {
  const bot = await admitEndpointRequest(ctx, submission.bot, submission.clientAddress);
  const form = submission.form.toLowerCase();
  const handlers = formScripts(bot, form);
  if (handlers.length === 0) throw new NotFoundError(`Bot "${bot.name}" has no form "${submission.form}"`, 'form_not_found');
  if (handlers.length > 1) {
    ctx.logger.error({ bot: bot.name, form, scripts: handlers.map((h) => h.script) }, `ON FORM SUBMIT "${form}" is in ${handlers.length} scripts: not run`);
    throw new ScriptFailedError('The form\'s script failed; the error is in the service log');
  }
  const { script, validation } = handlers[0]!;
  const fields = fieldsOf(parseBody(submission.rawBody, headerOf(submission.headers, 'content-type')));
  const next = fields[NEXT_FIELD];
  delete fields[NEXT_FIELD];
  if (validation) validateFields(fields);
  const query = formFields(submission.query);
  const metadata: ObjectValue = {
    form, submitted_at: ctx.now().toISOString(),
    referrer: headerOf(submission.headers, 'referer') ?? null, user_agent: headerOf(submission.headers, 'user-agent') ?? null,
  };
  for (const key of UTM) metadata[key] = query[key] ?? fields[key] ?? null;
  const result = await runBackgroundScript(ctx, bot, {
    script, form, host: createEndpointHost(ctx, bot, 0), what: `ON FORM SUBMIT "${form}" run`,
    variables: { form: fields, fields, metadata },
  });
  if (result.status !== 'done') throw new ScriptFailedError('The form\'s script failed; the error is in the service log');
  const location = typeof next === 'string' ? localPath(next) : undefined;
  if (location !== undefined) return { kind: 'redirect', location };
  return { kind: 'ack', body: { success: true, form, messages: result.outputs.map((o) => o.text) } };
}

function fieldsOf(body: Value): ObjectValue {
  if (body === null) return {};
  if (typeof body === 'object' && !Array.isArray(body)) return { ...body };
  throw new ValidationError('A form is posted as urlencoded fields or a JSON object', [], 'invalid_form');
}

/** A path on this server (`/sites/shop/promo/thanks.html`), never another host (`//evil`, `https://…`). */
function localPath(next: string): string | undefined {
  return /^\/(?![/\\])[^\s\\]*$/.test(next) && next.length <= 2000 ? next : undefined;
}

/**
 * WITH VALIDATION (the reference's "email format, phone format checked"): a field named `email`
 * or ending in `_email` must be an address (as HEAR … AS EMAIL takes one), one named `phone` or
 * ending in `_phone` at least 7 digits; empty ones are left alone (there is no list of required
 * fields to check against).
 */
function validateFields(fields: ObjectValue): void {
  const issues: { path: string; message: string }[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    const key = name.toLowerCase();
    if ((key === 'email' || key.endsWith('_email')) && !isEmailAddress(value.trim().toLowerCase())) issues.push({ path: name, message: 'not an email address' });
    if ((key === 'phone' || key.endsWith('_phone')) && (value.match(/\d/g) ?? []).length < 7) issues.push({ path: name, message: 'not a phone number' });
  }
  if (issues.length) throw new ValidationError(`Invalid form: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, issues, 'invalid_form');
}
