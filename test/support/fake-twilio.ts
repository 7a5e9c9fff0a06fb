/**
 * A Twilio REST server on 127.0.0.1 (port 0) for tests, speaking the documented wire format of
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` (form-encoded, HTTP basic auth with the
 * account SID and auth token): it records each message, answers with a Message resource
 * (`sid` SM…, `status` queued), and fails the sends a test asks it to. It also signs webhooks the
 * way Twilio documents it (HMAC-SHA1 of the full URL plus the sorted form fields, base64), for
 * posting inbound messages and status callbacks to the service. It serves MMS media as an account
 * that enforces HTTP basic authentication on media does: `GET …/Messages/{MM}/Media/{ME}` with
 * the account's credentials, 401 without.
 */
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createFakeProviderServer } from './fake-provider-server.js';
import type { AddressInfo } from 'node:net';

export interface TwilioSentMessage {
  sid: string;
  account: string;
  /** `user:password` of the basic auth. */
  auth: string;
  To: string;
  From?: string;
  MessagingServiceSid?: string;
  Body: string;
  MediaUrl: string[];
  StatusCallback?: string;
}

export interface TwilioFailure {
  status: number;
  code: number;
  message: string;
}

export interface FakeTwilio {
  /** The REST root to put in `sms-api-url`. */
  readonly url: string;
  readonly sent: TwilioSentMessage[];
  /** Keeps a file as an inbound MMS's media of `account`; answers its `MediaUrl`. */
  addMedia(account: string, data: Buffer, contentType: string): string;
  /** Each media request: its path and the `user:password` of its basic auth ('' without). */
  readonly mediaRequests: { path: string; auth: string }[];
  failNext(failure: TwilioFailure, times?: number): void;
  /** Resolves once `predicate` holds for the sent messages (checked as they arrive; 10 s at most). */
  waitFor(predicate: (sent: TwilioSentMessage[]) => boolean, what: string): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const sent: TwilioSentMessage[] = [];
  const failures: TwilioFailure[] = [];
  const waiters = new Set<() => void>();
  const media = new Map<string, { account: string; data: Buffer; contentType: string }>();
  const mediaRequests: { path: string; auth: string }[] = [];
  let nextSid = 1;
  let nextMedia = 1;

  const server = createFakeProviderServer(handle);

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
    const file = req.method === 'GET' ? media.get(req.url ?? '') : undefined;
    if (file) {
      mediaRequests.push({ path: req.url!, auth });
      if (!auth.startsWith(`${file.account}:`)) return reply(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
      res.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length }).end(file.data);
      return;
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return reply(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    if (!auth.startsWith(`${match[1]}:`)) return reply(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    const form = new URLSearchParams(body.toString('utf8'));
    const failure = failures.shift();
    if (failure) return reply(res, failure.status, { code: failure.code, message: failure.message, status: failure.status, more_info: `https://www.twilio.com/docs/errors/${failure.code}` });
    const message: TwilioSentMessage = {
      sid: `SM${String(nextSid++).padStart(32, '0')}`, account: match[1]!, auth,
      To: form.get('To') ?? '', Body: form.get('Body') ?? '', MediaUrl: form.getAll('MediaUrl'),
      ...(form.get('From') ? { From: form.get('From')! } : {}),
      ...(form.get('MessagingServiceSid') ? { MessagingServiceSid: form.get('MessagingServiceSid')! } : {}),
      ...(form.get('StatusCallback') ? { StatusCallback: form.get('StatusCallback')! } : {}),
    };
    sent.push(message);
    for (const wake of waiters) wake();
    return reply(res, 201, {
      sid: message.sid, account_sid: message.account, to: message.To, from: message.From ?? null,
      messaging_service_sid: message.MessagingServiceSid ?? null, body: message.Body, status: 'queued', num_segments: '1',
      num_media: String(message.MediaUrl.length), direction: 'outbound-api', api_version: '2010-04-01',
      date_created: new Date().toUTCString(), date_updated: new Date().toUTCString(), date_sent: null,
      error_code: null, error_message: null, price: null, price_unit: 'USD',
      uri: `/2010-04-01/Accounts/${message.account}/Messages/${message.sid}.json`, subresource_uris: {},
    });
  }

  function reply(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    mediaRequests,
    addMedia(account, data, contentType) {
      const id = String(nextMedia++).padStart(32, '0');
      const path = `/2010-04-01/Accounts/${account}/Messages/MM${id}/Media/ME${id}`;
      media.set(path, { account, data, contentType });
      return `http://127.0.0.1:${port}${path}`;
    },
    failNext(failure, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(failure);
    },
    waitFor(predicate, what) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!predicate(sent)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`fake Twilio: ${what} did not happen within 10 s (${sent.length} sent)`));
        }, 10_000);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Twilio's webhook signature: base64 HMAC-SHA1, keyed by the auth token, of the URL followed by each field's name and value in name order. */
export function twilioSignature(authToken: string, url: string, fields: Record<string, string>): string {
  const data = Object.keys(fields).sort().reduce((acc, key) => `${acc}${key}${fields[key]}`, url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

let inboundSids = 1;

/** The form fields of Twilio's inbound message webhook. */
export function twilioInbound(from: string, to: string, body: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ToCountry: 'US', ToState: 'CA', SmsMessageSid: '', NumMedia: '0', ToCity: '', FromZip: '', SmsSid: '', FromState: 'CA',
    SmsStatus: 'received', FromCity: '', Body: body, FromCountry: 'US', To: to, ToZip: '', NumSegments: '1',
    MessageSid: `SMin${String(inboundSids++).padStart(30, '0')}`, AccountSid: 'ACtest', From: from, ApiVersion: '2010-04-01',
    ...extra,
  };
}
