/**
 * The SIP user agent of the service (UAS side): it receives requests from the transports, keeps
 * the server transactions and dialogs, answers what needs no application decision (OPTIONS,
 * CANCEL, requests outside any dialog, malformed input) and hands new calls to `onInvite`.
 * Nothing received may throw out of here: a failure is logged at debug and answered 500.
 */
import type { Logger } from '../../infra/logger.js';
import { headerValue, headerValues, serializeSipMessage, SipParseError, type SipMessage, type SipRequest, type SipResponse } from './sip-message.js';
import { parseAddress, parseCSeq, parseMediaType, parseVia, type ViaValue } from './sip-headers.js';
import { uriScheme } from './sip-uri.js';
import { SipTransport, type SipAddress } from './sip-transport.js';
import { InviteServerTransaction, NonInviteServerTransaction, transactionKey } from './server-transactions.js';
import { NonInviteClientTransaction } from './client-transactions.js';
import { InviteClientTransaction } from './invite-client-transaction.js';
import type { Dialog} from './dialog.js';
import { dialogId, MIN_SESSION_EXPIRES } from './dialog.js';
import { IncomingInviteImpl, sessionExpires, type InviteHost } from './incoming-invite.js';
import { DigestAuthenticator } from './digest.js';
import { ACCEPT, ALLOW, SUPPORTED, buildResponse, hostForUri, type ResponseOptions } from './sip-builders.js';
import { answerMalformed } from './malformed-request.js';
import { sipTimers, type SipTimers } from './timers.js';
import type { SipUserAgent, SipUserAgentOptions } from './user-agent-types.js';
import { placeOutgoingCall, type CallerHost, type PlacedTransaction } from './outgoing-call.js';
import type { OutgoingCall, OutgoingCallOptions } from './outgoing-call-types.js';

type ServerTransaction = InviteServerTransaction | NonInviteServerTransaction;

const KNOWN_EXTENSIONS = new Set(['timer']);
const NOT_HERE = new Set(['REGISTER', 'SUBSCRIBE', 'NOTIFY', 'MESSAGE', 'PUBLISH', 'REFER']);
const DIALOG_ONLY = new Set(['BYE', 'INFO', 'UPDATE', 'PRACK']);

/** Starts the UA: binds UDP (and TCP when `tcpPort` is given) on `host`. */
export async function createSipUserAgent(options: SipUserAgentOptions): Promise<SipUserAgent> {
  const ua = new UserAgent(options);
  await ua.start();
  return ua;
}

class UserAgent implements SipUserAgent, InviteHost, CallerHost {
  readonly timers: SipTimers;
  readonly logger: Logger;
  readonly digest = new DigestAuthenticator();
  private transport: SipTransport | undefined;
  private readonly server: string;
  private readonly transactions = new Map<string, ServerTransaction>();
  private readonly invites = new Map<string, IncomingInviteImpl>();
  private readonly dialogs = new Map<string, Dialog>();
  private readonly clients = new Map<string, NonInviteClientTransaction>();
  /** The INVITE transactions of calls we place, by Via branch (outgoing-call.ts). */
  private readonly placed = new Map<string, PlacedTransaction>();
  private closing = false;

  constructor(private readonly options: SipUserAgentOptions) {
    this.timers = sipTimers(options.timers);
    this.logger = options.logger;
    this.server = options.userAgentName ?? 'Switchboard';
  }

  async start(): Promise<void> {
    this.transport = await SipTransport.open(
      {
        host: this.options.host, udpPort: this.options.udpPort, logger: this.logger, ...this.options.limits,
        ...(this.options.tcpPort === undefined ? {} : { tcpPort: this.options.tcpPort }),
        ...(this.options.tls === undefined ? {} : { tls: this.options.tls }),
      },
      {
        onMessage: (message, source) => this.receive(message, source),
        onMalformed: (data, source, error) => this.malformed(data, source, error),
      },
    );
  }

  get udpPort(): number {
    return this.transport?.udpPort ?? 0;
  }

  get tcpPort(): number | undefined {
    return this.transport?.tcpPort;
  }

  get tlsPort(): number | undefined {
    return this.transport?.tlsPort;
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.dialogs.values()].map((dialog) => dialog.hangUpWith('closed')));
    for (const tx of [...this.transactions.values()]) tx.terminate();
    for (const client of this.clients.values()) client.cancel();
    for (const placed of [...this.placed.values()]) placed.terminate();
    await this.transport?.close();
  }

  // ---- receiving ----

  private receive(message: SipMessage, source: SipAddress): void {
    try {
      if (message.kind === 'response') this.receiveResponse(message);
      else this.receiveRequest(message, source);
    } catch (err) {
      this.logger.debug({ err, from: source.address }, 'sip: a message could not be handled');
    }
  }

  private receiveResponse(response: SipResponse): void {
    const branch = parseVia(headerValue(response, 'via') ?? '').params.branch;
    const method = parseCSeq(headerValue(response, 'cseq') ?? '').method;
    if (method === 'INVITE' && branch) return this.placed.get(branch)?.receive(response);
    this.clients.get(`${branch}|${method}`)?.receive(response); // anything else is a stray: dropped (RFC 3261 §18.1.2)
  }

  private receiveRequest(request: SipRequest, source: SipAddress): void {
    stampVia(request, source);
    this.logger.debug({ method: request.method, callId: headerValue(request, 'call-id'), from: source.address }, 'sip: request');
    if (request.method === 'ACK') return this.receiveAck(request);
    const key = transactionKey(request);
    const existing = this.transactions.get(key);
    if (existing) return existing.onRetransmission();
    // OPTIONS outside a dialog (keep-alives, and the cheapest flood) is answered statelessly:
    // a retransmission simply gets the same answer again.
    const stateless = request.method === 'OPTIONS' && parseAddress(headerValue(request, 'to') ?? '').params.tag === undefined;
    if (!stateless && this.transactions.size >= (this.options.limits?.maxTransactions ?? 10_000)) {
      this.sendResponse(buildResponse(request, 503, { server: this.server, headers: { 'Retry-After': '5' } }), request, source);
      return;
    }
    const context = {
      send: (response: SipResponse) => this.sendResponse(response, request, source),
      timers: this.timers,
      reliable: stateless || source.transport !== 'udp',
      onTerminated: stateless ? () => undefined : () => {
        this.transactions.delete(key);
        this.invites.delete(key);
      },
    };
    const tx = request.method === 'INVITE' ? new InviteServerTransaction(request, context) : new NonInviteServerTransaction(request, context);
    if (!stateless) this.transactions.set(key, tx);
    if (tx instanceof InviteServerTransaction) this.respond(tx, 100);
    try {
      this.route(request, tx, source, key);
    } catch (err) {
      this.logger.debug({ err, method: request.method }, 'sip: request failed');
      this.respond(tx, err instanceof SipParseError ? err.status : 500);
    }
  }

  private route(request: SipRequest, tx: ServerTransaction, source: SipAddress, key: string): void {
    const scheme = uriScheme(request.uri);
    if (scheme !== 'sip' && scheme !== 'sips' && scheme !== 'tel') return this.respond(tx, 416);
    if (Number(headerValue(request, 'max-forwards') ?? '70') === 0) return this.respond(tx, 483);
    if (request.method === 'CANCEL') return this.receiveCancel(request, tx);
    const unsupported = headerValues(request, 'require').filter((option) => !KNOWN_EXTENSIONS.has(option));
    if (unsupported.length > 0) return this.respond(tx, 420, { headers: { Unsupported: unsupported.join(', ') } });

    const toTag = parseAddress(headerValue(request, 'to') ?? '').params.tag;
    if (toTag !== undefined && toTag !== null) {
      const fromTag = parseAddress(headerValue(request, 'from') ?? '').params.tag ?? '';
      const dialog = this.dialogs.get(dialogId(headerValue(request, 'call-id') ?? '', toTag, fromTag));
      if (!dialog) return this.respond(tx, 481);
      return dialog.handle(request, tx);
    }
    if (request.method === 'INVITE') return this.newCall(request, tx as InviteServerTransaction, source, key);
    if (request.method === 'OPTIONS') return this.respond(tx, 200, { headers: { Allow: ALLOW, Accept: ACCEPT, Supported: SUPPORTED } });
    if (DIALOG_ONLY.has(request.method)) return this.respond(tx, 481);
    if (NOT_HERE.has(request.method)) return this.respond(tx, 405, { headers: { Allow: ALLOW } });
    this.respond(tx, 501, { headers: { Allow: ALLOW } });
  }

  private newCall(request: SipRequest, tx: InviteServerTransaction, source: SipAddress, key: string): void {
    if (!parseAddress(headerValue(request, 'from') ?? '').uri || !parseAddress(headerValue(request, 'to') ?? '').uri) return this.respond(tx, 416);
    const contentType = headerValue(request, 'content-type');
    if (request.body.length > 0 && (!contentType || parseMediaType(contentType).type !== 'application/sdp')) {
      return this.respond(tx, 415, { headers: { Accept: 'application/sdp' } });
    }
    const interval = sessionExpires(request);
    if (interval !== undefined && interval < MIN_SESSION_EXPIRES) return this.respond(tx, 422, { headers: { 'Min-SE': String(MIN_SESSION_EXPIRES) } });
    const invite = new IncomingInviteImpl(this, request, tx, source);
    this.invites.set(key, invite);
    try {
      this.options.onInvite(invite);
    } catch (err) {
      this.logger.debug({ err, callId: invite.callId }, 'sip: onInvite threw');
      if (!tx.finalSent) this.respond(tx, 500);
    }
  }

  /** CANCEL matches the INVITE's transaction (RFC 3261 §9.2): 200 to it, then 487 to the INVITE. */
  private receiveCancel(request: SipRequest, tx: ServerTransaction): void {
    const invite = this.invites.get(transactionKey(request, 'INVITE'));
    if (!invite) return this.respond(tx, 481);
    this.respond(tx, 200);
    invite.cancel();
  }

  private receiveAck(request: SipRequest): void {
    // The ACK of a non-2xx final shares the INVITE's branch; the ACK of a 2xx is matched by dialog.
    const tx = this.transactions.get(transactionKey(request));
    if (tx instanceof InviteServerTransaction && tx.finalStatus >= 300) return tx.acknowledge();
    const toTag = parseAddress(headerValue(request, 'to') ?? '').params.tag ?? '';
    const fromTag = parseAddress(headerValue(request, 'from') ?? '').params.tag ?? '';
    this.dialogs.get(dialogId(headerValue(request, 'call-id') ?? '', toTag, fromTag))?.onAck(request);
  }

  private malformed(data: Buffer, source: SipAddress, error: SipParseError): void {
    this.logger.debug({ from: source.address, problem: error.message }, 'sip: malformed message');
    const answer = answerMalformed(data, error, this.server);
    if (answer) this.transport?.send(answer.response, destinationFor(answer.topVia, source));
  }

  // ---- sending (InviteHost) ----

  respond(tx: ServerTransaction, status: number, options: Omit<ResponseOptions, 'server'> = {}): void {
    tx.respond(buildResponse(tx.request, status, { ...options, server: this.server }));
  }

  private sendResponse(response: SipResponse, request: SipRequest, source: SipAddress): void {
    this.logger.debug({ status: response.status, callId: headerValue(response, 'call-id') }, 'sip: response');
    this.transport?.send(serializeSipMessage(response), destinationFor(parseVia(headerValue(request, 'via') ?? ''), source));
  }

  async sendRequest(request: SipRequest, destination: SipAddress): Promise<SipResponse | undefined> {
    const bytes = serializeSipMessage(request);
    if (this.closing) {
      this.transport?.send(bytes, destination);
      return undefined;
    }
    const key = `${parseVia(headerValue(request, 'via') ?? '').params.branch}|${request.method}`;
    const client = new NonInviteClientTransaction(() => this.transport?.send(bytes, destination), this.timers, destination.transport !== 'udp');
    this.clients.set(key, client);
    try {
      return await client.start();
    } finally {
      this.clients.delete(key);
    }
  }

  via(transport: SipAddress['transport'], branch: string): string {
    return `SIP/2.0/${transport.toUpperCase()} ${hostForUri(this.publicHost)}:${this.portOf(transport)};branch=${branch};rport`;
  }

  /**
   * Our Contact for a dialog on `transport`. A sips: dialog (its INVITE's Request-URI was sips:)
   * gets a sips: Contact (RFC 3261 §8.1.1.8); a sip: one over TLS says `;transport=tls`.
   */
  contact(transport: SipAddress['transport'], scheme: 'sip' | 'sips' = 'sip'): string {
    const hostPort = `${hostForUri(this.publicHost)}:${this.portOf(transport)}`;
    if (scheme === 'sips') return `<sips:${hostPort}>`;
    return `<sip:${hostPort}${transport === 'udp' ? '' : `;transport=${transport}`}>`;
  }

  private portOf(transport: SipAddress['transport']): number | undefined {
    return transport === 'tcp' ? this.tcpPort : transport === 'tls' ? this.tlsPort : this.udpPort;
  }

  // ---- placing calls (CallerHost) ----

  placeCall(options: OutgoingCallOptions): OutgoingCall {
    if (this.closing) throw new Error('the SIP user agent is closing');
    return placeOutgoingCall(this, options);
  }

  get localHost(): string {
    return this.publicHost;
  }

  sendMessage(request: SipRequest, destination: SipAddress): void {
    this.transport?.send(serializeSipMessage(request), destination);
  }

  sendInvite(request: SipRequest, destination: SipAddress, acknowledge: (response: SipResponse) => void): Promise<SipResponse | undefined> {
    if (this.closing) return Promise.resolve(undefined);
    const branch = parseVia(headerValue(request, 'via') ?? '').params.branch ?? '';
    return new Promise((resolve) => {
      const tx: InviteClientTransaction = new InviteClientTransaction(request, (message) => this.sendMessage(message, destination), this.timers, destination.transport !== 'udp', {
        provisional: () => undefined,
        failed: (response) => resolve(response),
        success: (response) => {
          acknowledge(response);
          resolve(response);
        },
        timeout: () => resolve(undefined),
        terminated: () => {
          this.routeResponses(branch, undefined);
          resolve(undefined);
        },
      });
      this.routeResponses(branch, tx);
      tx.start();
    });
  }

  routeResponses(branch: string, transaction: PlacedTransaction | undefined): void {
    if (transaction) this.placed.set(branch, transaction);
    else this.placed.delete(branch);
  }

  adopt(dialog: Dialog): void {
    this.dialogs.set(dialog.id, dialog);
  }

  forget(dialog: Dialog): void {
    this.dialogs.delete(dialog.id);
  }

  private get publicHost(): string {
    return this.options.publicAddress ?? this.options.host;
  }
}

/**
 * Adds `received` and fills `rport` in the top Via (RFC 3261 §18.2.1, RFC 3581 §4), so responses
 * find their way back through NAT.
 */
function stampVia(request: SipRequest, source: SipAddress): void {
  const top = request.headers.find((header) => header.name.toLowerCase() === 'via');
  if (!top) return;
  const via = parseVia(top.value);
  if ('rport' in via.params && via.params.rport === null) top.value = top.value.replace(/;\s*rport\s*(?=;|$)/i, `;rport=${source.port}`);
  if (via.host !== source.address && !('received' in via.params)) top.value += `;received=${source.address}`;
}

/**
 * Where a response goes (RFC 3261 §18.2.2, RFC 3581 §4): on TCP or TLS, back on the connection; on UDP, to
 * the source address, at the source port when the Via asked for rport, else at the Via's port.
 */
function destinationFor(via: ViaValue, source: SipAddress): SipAddress {
  if (source.transport !== 'udp') return source;
  const port = 'rport' in via.params ? source.port : via.port ?? 5060;
  return { address: source.address, port, transport: 'udp' };
}
