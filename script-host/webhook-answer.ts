import type { ObjectValue, Value } from '../basic-interpreter/index.js';

/** What a WEBHOOK run answers its caller: an HTTP status, a JSON body and extra headers. */
export interface ScriptWebhookAnswer {
  status: number;
  body: Value;
  headers: Record<string, string>;
}

/**
 * The answer a finished WEBHOOK script gives (docs/basic.md, "Webhooks and forms"), in order:
 *
 * 1. its top-level `RETURN value` (the reference: "script return value becomes response");
 * 2. else its `result` variable;
 * 3. else its `result_*` variables, as one object without the prefix
 *    (`result_status = "ok"`, `result_id = 7` → `{"status": "ok", "id": 7}`);
 * 4. else `{"ok": true}`.
 *
 * An object of the first two forms holding a `status` of 200–599 and a `body` is the reference's
 * custom answer: that status, that body, and its `headers` (only `X-…` names). In the `result_*`
 * form, a `result_status` of 200–599 is also the HTTP status (`result_status = 400`), and stays in
 * the body as the reference's examples show it.
 */
export function webhookAnswer(value: Value, variables: Record<string, Value>): ScriptWebhookAnswer {
  const returned = value ?? variables.result ?? null;
  if (returned !== null) return explicitAnswer(returned);
  const fields: ObjectValue = {};
  for (const [name, v] of Object.entries(variables)) {
    if (name.startsWith('result_') && name.length > 'result_'.length && v !== null) fields[name.slice('result_'.length)] = v;
  }
  if (Object.keys(fields).length === 0) return { status: 200, body: { ok: true }, headers: {} };
  return { status: httpStatus(fields.status) ?? 200, body: fields, headers: {} };
}

function explicitAnswer(value: Value): ScriptWebhookAnswer {
  if (isObject(value) && Object.hasOwn(value, 'body')) {
    const status = httpStatus(value.status);
    if (status !== undefined) return { status, body: value.body ?? null, headers: customHeaders(value.headers ?? null) };
  }
  return { status: 200, body: value, headers: {} };
}

/** A whole number the answer may carry as its HTTP status; informational codes are not answers. */
function httpStatus(value: Value | undefined): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 200 && value <= 599 ? value : undefined;
}

const MAX_HEADERS = 20;
// What an HTTP header value can carry (tab, printable ASCII, Latin-1): no CR, LF, NUL or other
// control, nothing beyond U+00FF. A script's header is often the caller's input echoed back.
const HEADER_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Headers a script may set: `X-…` names only (the rest is the server's: type, length, caching, cookies). */
function customHeaders(value: Value): Record<string, string> {
  if (!isObject(value)) return {};
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(value).slice(0, MAX_HEADERS)) {
    const text = v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (/^x-[a-z0-9-]{1,64}$/i.test(name) && HEADER_TEXT.test(text) && text.length <= 1000) out[name] = text;
  }
  return out;
}

function isObject(value: Value): value is ObjectValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
