/**
 * A Telegram Bot API server on 127.0.0.1 (port 0) for tests, speaking the documented wire format:
 * `POST /bot<token>/<method>` with JSON, form or multipart parameters (files uploaded as grammY
 * sends them, `attach://<part>`, kept in `files`), answered `{ ok: true, result }` or
 * `{ ok: false, error_code, description, parameters }`. It records every call, answers sendMessage
 * with a Message (ids counting up, the reply_markup echoed), and fails the calls a test asks it to
 * (429 with retry_after, 403 blocked…). Also builds the updates Telegram would post to a webhook.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createFakeProviderServer } from './fake-provider-server.js';
import { multipartParams, type MultipartPart } from './multipart.js';
import type { AddressInfo } from 'node:net';

export interface TelegramCall {
  token: string;
  method: string;
  params: Record<string, unknown>;
  /** Files uploaded with the call (multipart), by parameter: `voice` for sendVoice. */
  files?: Record<string, MultipartPart>;
  /** What the fake answered (a sent Message for sendMessage); absent for a failed call. */
  result?: unknown;
}

export interface TelegramFailure {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

export interface FakeTelegram {
  /** The Bot API root to put in `bot-msg-api-url`. */
  readonly url: string;
  readonly calls: TelegramCall[];
  /** The calls of one method, in order. */
  callsOf(method: string): TelegramCall[];
  /** The next `times` calls of `method` (to `chatId` when given) fail with `failure`. */
  failNext(method: string, failure: TelegramFailure, times?: number, chatId?: number): void;
  /** A file the Bot API holds under `fileId` (getFile answers its path; `GET /file/bot<token>/<path>` serves it). */
  addFile(fileId: string, data: Buffer): void;
  /** The file downloads received (`/file/bot<token>/<path>`), in order. */
  readonly downloads: { token: string; path: string }[];
  /** Resolves once `predicate` holds for the recorded calls (checked as calls arrive; 10 s at most). */
  waitFor(predicate: (calls: TelegramCall[]) => boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const calls: TelegramCall[] = [];
  const failures: { method: string; chatId: number | undefined; failure: TelegramFailure }[] = [];
  const waiters = new Set<() => void>();
  let nextMessageId = 1000;
  let webhook: Record<string, unknown> = { url: '', has_custom_certificate: false, pending_update_count: 0 };
  const files = new Map<string, Buffer>();
  const downloads: { token: string; path: string }[] = [];

  const server = createFakeProviderServer(handle);

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && download) {
      const [, token, path] = download as unknown as [string, string, string];
      downloads.push({ token, path });
      const data = files.get(path.replace(/^voice\//, ''));
      if (!data) return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(data.length) }).end(data);
      return;
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = match as unknown as [string, string, string];
    const raw = body.toString('utf8');
    const contentType = req.headers['content-type'] ?? '';
    const multipart = contentType.startsWith('multipart/form-data') ? multipartParams(body, contentType) : undefined;
    const params = multipart ? multipart.params : contentType.includes('json') ? (JSON.parse(raw || '{}') as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(raw));
    const call: TelegramCall = { token, method, params, ...(multipart ? { files: multipart.files } : {}) };
    const at = failures.findIndex((f) => f.method === method && (f.chatId === undefined || String(f.chatId) === String(params.chat_id)));
    const failure = at >= 0 ? failures.splice(at, 1)[0]!.failure : undefined;
    if (!failure) call.result = resultOf(method, params);
    calls.push(call);
    for (const wake of waiters) wake();
    if (failure) return reply(res, failure.error_code, { ok: false, ...failure });
    return reply(res, 200, { ok: true, result: call.result });
  }

  function resultOf(method: string, params: Record<string, unknown>): unknown {
    switch (method) {
      case 'getMe':
        return { id: 42, is_bot: true, first_name: 'Fake', username: 'fake_bot' };
      case 'sendMessage': case 'sendPhoto': case 'sendDocument': case 'sendVoice':
        return {
          message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat: { id: Number(params.chat_id), type: 'private' },
          from: { id: 42, is_bot: true, first_name: 'Fake' },
          ...(typeof params.text === 'string' ? { text: params.text } : {}),
          ...(params.reply_markup ? { reply_markup: typeof params.reply_markup === 'string' ? JSON.parse(params.reply_markup) : params.reply_markup } : {}),
        };
      case 'getFile': {
        const data = files.get(String(params.file_id));
        return data && { file_id: params.file_id, file_unique_id: `u-${String(params.file_id)}`, file_size: data.length, file_path: `voice/${String(params.file_id)}` };
      }
      case 'setWebhook':
        webhook = { url: params.url, has_custom_certificate: false, pending_update_count: 0, allowed_updates: params.allowed_updates };
        return true;
      case 'getWebhookInfo':
        return webhook;
      default:
        return true;
    }
  }

  function reply(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    downloads,
    addFile: (fileId, data) => void files.set(fileId, data),
    callsOf: (method) => calls.filter((c) => c.method === method),
    failNext(method, failure, times = 1, chatId = undefined) {
      for (let i = 0; i < times; i += 1) failures.push({ method, chatId, failure });
    },
    waitFor(predicate, what) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(calls)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake Telegram: ${what} did not happen within 10 s (${calls.length} calls: ${calls.map((c) => c.method).join(', ')})`));
        }, 10_000);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let updateIds = 5000;

/** Updates as Telegram posts them to a webhook, for a private chat whose id is the user's. */
export const telegramUpdates = {
  text(chatId: number, text: string, updateId = updateIds++) {
    const command = /^\/\w+/.exec(text);
    return {
      update_id: updateId,
      message: {
        message_id: updateId, date: 1_760_000_000, text,
        chat: { id: chatId, type: 'private', first_name: 'Ana' }, from: { id: chatId, is_bot: false, first_name: 'Ana', last_name: 'Lima' },
        ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command[0].length }] } : {}),
      },
    };
  },
  edited(chatId: number, text: string, updateId = updateIds++) {
    const { message } = telegramUpdates.text(chatId, text, updateId);
    return { update_id: updateId, edited_message: { ...message, edit_date: 1_760_000_100 } };
  },
  photo(chatId: number, caption: string, updateId = updateIds++) {
    const { message } = telegramUpdates.text(chatId, '', updateId);
    const { text: _text, ...rest } = message;
    return {
      update_id: updateId,
      message: { ...rest, caption, photo: [{ file_id: 'small', file_unique_id: 's', width: 90, height: 90 }, { file_id: 'large', file_unique_id: 'l', width: 800, height: 800 }] },
    };
  },
  videoNote(chatId: number, fileId: string, updateId = updateIds++) {
    const { message } = telegramUpdates.text(chatId, '', updateId);
    const { text: _text, ...rest } = message;
    return { update_id: updateId, message: { ...rest, video_note: { file_id: fileId, file_unique_id: `u-${fileId}`, length: 240, duration: 3, file_size: 12 } } };
  },
  voice(chatId: number, fileId: string, updateId = updateIds++) {
    const { message } = telegramUpdates.text(chatId, '', updateId);
    const { text: _text, ...rest } = message;
    return { update_id: updateId, message: { ...rest, voice: { file_id: fileId, file_unique_id: `u-${fileId}`, duration: 2, mime_type: 'audio/ogg', file_size: 12 } } };
  },
  location(chatId: number, updateId = updateIds++) {
    const { message } = telegramUpdates.text(chatId, '', updateId);
    const { text: _text, ...rest } = message;
    return { update_id: updateId, message: { ...rest, location: { latitude: -23.55, longitude: -46.63 } } };
  },
  /** A press of a button of `message` (as sendMessage returned it), carrying the button's callback_data. */
  callback(chatId: number, message: Record<string, unknown>, data: string, updateId = updateIds++) {
    return {
      update_id: updateId,
      callback_query: {
        id: `cb-${updateId}`, chat_instance: 'ci-1', data, message,
        from: { id: chatId, is_bot: false, first_name: 'Ana' },
      },
    };
  },
};
