/**
 * SIPp (Debian's `sip-tester`, 3.6.1 built with PCAP and RTPSTREAM) for the call tests and the
 * calls bench (bench/calls/call-to-sink.xml): runs one scenario (XML text, or a file of test/support/sipp-scenarios/) against a
 * target from a chosen source address and port, and reads back what happened: exit code, the
 * status codes and requests it received (from its message trace), its `<log>` lines, errors and
 * statistics. Uses: a forged-source INVITE (`sourceAddress: '127.0.0.2'`: any 127/8 address
 * binds on loopback), INVITE floods (`calls`, `rate`, `concurrent`), a UAS to call (`-sn uas`),
 * and calls streaming RTP from a WAV (`rtp_stream`, see call-rtp-both-ways.xml).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freeUdpTcpPort } from './baresip.js';

const run = promisify(execFile);
const SIPP = process.env.SIPP_BIN ?? '/usr/bin/sipp';

/** The scenario files kept beside this helper. */
export const SIPP_SCENARIOS = {
  /** One INVITE; logs `final=NNN` for the final answer, ACKs it (and BYEs a 200). */
  inviteFinalAnswer: fileURLToPath(new URL('./sipp-scenarios/invite-final-answer.xml', import.meta.url)),
  /** A call streaming `{{AUDIO}}` (μ-law) as RTP for `-d` ms, then BYE. */
  callRtpBothWays: fileURLToPath(new URL('./sipp-scenarios/call-rtp-both-ways.xml', import.meta.url)),
  /** An INVITE without SDP; logs `offer=<m line>` of the 200 OK, answers in the ACK, holds the call `-d` ms, then BYE. */
  lateOffer: fileURLToPath(new URL('./sipp-scenarios/late-offer.xml', import.meta.url)),
  /** An INVITE without SDP whose ACK carries no answer; expects the far end's BYE. */
  lateOfferNoAnswer: fileURLToPath(new URL('./sipp-scenarios/late-offer-no-answer.xml', import.meta.url)),
  /** A phone that is called: 180, 200, the ACK, then `{{HANGUP}}` (`ours`: waits for the caller's BYE; `theirs`: BYE after -d ms). */
  uasAnswer: fileURLToPath(new URL('./sipp-scenarios/uas-answer.xml', import.meta.url)),
  /** A phone that answers 486 Busy Here. */
  uasBusy: fileURLToPath(new URL('./sipp-scenarios/uas-busy.xml', import.meta.url)),
  /** A carrier that challenges with 407 and checks the answer against `-key user` / `-key password`. */
  uasChallenge: fileURLToPath(new URL('./sipp-scenarios/uas-challenge.xml', import.meta.url)),
  /** The same with 401 and WWW-Authenticate (qop=auth), the answer checked by SIPp's own digest (`verifyauth`). */
  uasChallenge401: fileURLToPath(new URL('./sipp-scenarios/uas-challenge-401.xml', import.meta.url)),
  /** A caller an attendant acts on: key presses by INFO, a REFER (`{{NUMBER}}` in Refer-To) and BYE (`{{END}}` keys), or a BYE alone (`{{END}}` bye). */
  callerControlled: fileURLToPath(new URL('./sipp-scenarios/caller-controlled.xml', import.meta.url)),
  /** A caller put on hold and resumed: re-INVITEs with a=sendonly then a=sendrecv (logged `hold=`, `resume=`), then the BYE; its media at 127.0.0.1:`{{RTP_PORT}}`. */
  callerHeld: fileURLToPath(new URL('./sipp-scenarios/caller-held.xml', import.meta.url)),
  /** A caller whose trunk answers REFER (`{{NUMBER}}` in Refer-To) 501, then waits for the BYE; its media at 127.0.0.1:`{{RTP_PORT}}`. */
  callerReferRefused: fileURLToPath(new URL('./sipp-scenarios/caller-refer-refused.xml', import.meta.url)),
  /** A phone that rings until the caller's CANCEL (200, then 487). */
  uasRingNoAnswer: fileURLToPath(new URL('./sipp-scenarios/uas-ring-no-answer.xml', import.meta.url)),
} as const;

export interface SippOptions {
  /** A scenario: XML text, a file path, or one of SIPp's built-ins (`{ builtIn: 'uas' }`). */
  scenario: { xml: string } | { file: string } | { builtIn: 'uac' | 'uas' | 'uac_pcap' | 'regexp' | 'branchc' | 'branchs' };
  /** `{{NAME}}` placeholders to fill in the scenario (e.g. AUDIO for rtp_stream's file, read when SIPp loads it). */
  substitutions?: Record<string, string>;
  /** `host:port` to send to; omitted for a UAS. */
  target?: string;
  /** The address to send from (and to write in Via/Contact/SDP). Default 127.0.0.1. */
  sourceAddress?: string;
  /** The SIP port to send from / listen on. Default: a free one. */
  sourcePort?: number;
  transport?: 'udp' | 'tcp';
  /** The user part of the Request-URI (`[service]`), e.g. the dialled number. Default `service`. */
  service?: string;
  /** How many calls before SIPp exits (-m). Default 1. */
  calls?: number;
  /** New calls per second (-r). */
  rate?: number;
  /** Calls up at once at most (-l). */
  concurrent?: number;
  /** The length of `<pause/>` (-d), in ms. */
  callMs?: number;
  /** Give up after this long (-timeout, and a kill a little later). Default 30 s. */
  timeoutMs?: number;
  /** Trace every SIP message (for `responses` and `requests`). Default true; a bench turns it off to spare the disk and CPU. */
  traceMessages?: boolean;
  /** `-key NAME VALUE` pairs: `[NAME]` in the scenario's messages. */
  keys?: Record<string, string>;
  /** Anything else, passed as is. */
  extraArgs?: string[];
}

export interface SippResult {
  /** 0 all calls successful, 1 some failed, 97 stopped by command/signal, 99 no call processed, 255/254 fatal. */
  exitCode: number | null;
  /** Status codes of the responses it received, in order (1xx included; empty with `traceMessages: false`). */
  responses: number[];
  /** Methods of the requests it received, in order. */
  requests: string[];
  /** The scenario's `<log>` lines (`final=403`). */
  logs: string[];
  /** Unexpected messages and failures, as SIPp words them (not its overload warnings: a loaded machine, not a failed call). */
  errors: string;
  /** The last row of its statistics (`SuccessfulCall(C)`, `FailedCall(C)`, `Retransmissions(C)`…). */
  stats: Record<string, string>;
  /** The whole SIP message trace, for failure messages. */
  messages: string;
  output: string;
}

/** A running SIPp (a UAS waiting for calls, or a long UAC run). */
export interface SippProcess {
  /** The SIP port it uses, on its source address. */
  readonly port: number;
  /** Resolves when SIPp exits by itself (after `calls` calls, or the timeout). */
  readonly done: Promise<SippResult>;
  /** Asks SIPp to finish its calls and exit (SIGUSR1), then kills it if it lingers; resolves with its result. */
  stop(): Promise<SippResult>;
}

/** Runs a scenario to its end; resolves with what SIPp saw (never rejects on a failed call: check exitCode). */
export async function runSipp(options: SippOptions): Promise<SippResult> {
  return (await startSipp(options)).done;
}

/** Starts SIPp and resolves once it holds its SIP port (so a UAS is ready to be called). */
export async function startSipp(options: SippOptions): Promise<SippProcess> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-sipp-'));
  const address = options.sourceAddress ?? '127.0.0.1';
  const port = options.sourcePort ?? (await freeUdpTcpPort());
  const timeoutMs = options.timeoutMs ?? 30_000;
  const scenarioArgs = await scenarioArguments(options, dir);
  const file = (name: string) => path.join(dir, name);
  const args = [
    ...scenarioArgs,
    ...(options.target ? [options.target] : []),
    '-i', address, '-bind_local', '-p', String(port), '-mi', address,
    '-t', options.transport === 'tcp' ? 't1' : 'u1',
    '-m', String(options.calls ?? 1),
    ...(options.service ? ['-s', options.service] : []),
    ...(options.rate ? ['-r', String(options.rate)] : []),
    ...(options.concurrent ? ['-l', String(options.concurrent)] : []),
    ...(options.callMs !== undefined ? ['-d', String(options.callMs)] : []),
    // Its control socket (UDP, default 8888) on a free port, so runs side by side never clash.
    '-cp', String(await freeUdpTcpPort()),
    '-nostdin', '-timeout', `${Math.ceil(timeoutMs / 1000)}s`, '-timeout_error',
    ...(options.traceMessages === false ? [] : ['-trace_msg', '-message_file', file('messages.log')]),
    '-trace_logs', '-log_file', file('logs.log'),
    '-trace_err', '-error_file', file('errors.log'),
    '-trace_stat', '-stf', file('stats.csv'), '-fd', '1',
    ...Object.entries(options.keys ?? {}).flatMap(([name, value]) => ['-key', name, value]),
    ...(options.extraArgs ?? []),
  ];
  const child = spawn(SIPP, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const killer = setTimeout(() => child.kill('SIGKILL'), timeoutMs + 5000);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? null : 0))));
  const done = exited.then(async (exitCode) => {
    clearTimeout(killer);
    const result = await readResult(dir, exitCode, `sipp ${args.join(' ')}\n${output}`);
    await rm(dir, { recursive: true, force: true });
    return result;
  });
  // A UAS must be listening before it is called; a UAC just starts.
  if (!options.target && !(await waitForPort(port, options.transport ?? 'udp', () => child.exitCode !== null))) {
    const failed = await done;
    throw new Error(`sipp exited at start (code ${failed.exitCode}): ${failed.errors}\n${failed.output}`);
  }
  return {
    port,
    done,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGUSR1');
        const hard = setTimeout(() => child.kill('SIGKILL'), 2000);
        await exited;
        clearTimeout(hard);
      }
      return done;
    },
  };
}

/**
 * A UAC scenario that calls, then presses `digits` as SIP INFO (`application/dtmf-relay`, the
 * fallback of phones without RFC 4733; baresip 1.0.0 cannot send these), `gapMs` apart, stays
 * for `-d` ms and hangs up. SIPp has no loop over a string, so the INFOs are written out here.
 */
export function infoDigitsScenario(digits: string, gapMs = 200): string {
  const message = (start: string, cseq: string, extra: string[], body = '') => `
  <send retrans="500"><![CDATA[
      ${start}
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: "SIPp" <sip:sipp@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      ${start.startsWith('INVITE') ? 'To: <sip:[service]@[remote_ip]:[remote_port]>' : '[last_To:]'}
      Call-ID: [call_id]
      CSeq: ${cseq}
      Contact: <sip:sipp@[local_ip]:[local_port];transport=[transport]>
      Max-Forwards: 70
${extra.map((header) => `      ${header}\n`).join('')}      Content-Length: [len]

${body}
    ]]></send>`;
  const sdp = ['v=0', 'o=sipp 1 1 IN IP[local_ip_type] [local_ip]', 's=-', 'c=IN IP[media_ip_type] [media_ip]', 't=0 0',
    'm=audio [media_port] RTP/AVP 0 101', 'a=rtpmap:0 PCMU/8000', 'a=rtpmap:101 telephone-event/8000', 'a=fmtp:101 0-15'].map((line) => `      ${line}`).join('\n');
  const infos = [...digits].map((digit, i) => `${message('INFO [next_url] SIP/2.0', `${i + 2} INFO`, ['[routes]', 'Content-Type: application/dtmf-relay'], `      Signal=${digit}\n      Duration=160`)}
  <recv response="200"/>
  <pause milliseconds="${gapMs}"/>`).join('');
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>
<scenario name="info-digits">${message('INVITE sip:[service]@[remote_ip]:[remote_port] SIP/2.0', '1 INVITE', ['Content-Type: application/sdp'], sdp)}
  <recv response="100" optional="true"/>
  <recv response="180" optional="true"/>
  <recv response="183" optional="true"/>
  <recv response="200" rrs="true"/>
  <send><![CDATA[
      ACK [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: "SIPp" <sip:sipp@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      [last_To:]
      [routes]
      Call-ID: [call_id]
      CSeq: 1 ACK
      Max-Forwards: 70
      Content-Length: 0

    ]]></send>${infos}
  <pause/>${message('BYE [next_url] SIP/2.0', `${digits.length + 2} BYE`, ['[routes]'])}
  <recv response="200" crlf="true"/>
</scenario>
`;
}

/**
 * Converts any WAV into a file `rtp_stream` can play: 8 kHz mono G.711 (μ-law for PCMU,
 * payload 0; A-law for PCMA, payload 8) in a WAV container.
 */
export async function rtpStreamWav(input: string, outPath: string, codec: 'PCMU' | 'PCMA' = 'PCMU'): Promise<string> {
  await run('sox', [input, '-r', '8000', '-c', '1', '-e', codec === 'PCMU' ? 'u-law' : 'a-law', outPath]);
  return outPath;
}

async function scenarioArguments(options: SippOptions, dir: string): Promise<string[]> {
  const { scenario } = options;
  if ('builtIn' in scenario) return ['-sn', scenario.builtIn];
  let xml = 'xml' in scenario ? scenario.xml : await readFile(scenario.file, 'utf8');
  for (const [name, value] of Object.entries(options.substitutions ?? {})) xml = xml.replaceAll(`{{${name}}}`, value);
  const leftover = /\{\{(\w+)\}\}/.exec(xml);
  if (leftover) throw new Error(`sipp scenario: no value for {{${leftover[1]}}}`);
  const file = path.join(dir, 'scenario.xml');
  await writeFile(file, xml);
  return ['-sf', file];
}

/** One event of SIPp's error file: `2026-11-28<TAB>20:47:16.184634<TAB>1795898836.184634: <text>` (several may share a line). */
const ERROR_EVENT = /\d{4}-\d{2}-\d{2}\t[\d:.]+\t[\d.]+: /g;

/**
 * SIPp's error file without its overload warnings ("the minor watchdog timer 500ms has been
 * tripped"): they say SIPp itself was kept off the CPU (a loaded test machine), not that the SIP
 * exchange went wrong, which its other events and the exit code tell. Empty when nothing else is left.
 */
function withoutOverloadWarnings(errors: string): string {
  const events = errors.split(ERROR_EVENT).slice(1).map((event) => event.trim());
  const kept = events.filter((event) => !event.startsWith('Overload warning:'));
  if (kept.length === events.length) return errors;
  return kept.length === 0 ? '' : ['The following events occurred:', ...kept].join('\n');
}

async function readResult(dir: string, exitCode: number | null, output: string): Promise<SippResult> {
  const read = (name: string) => readFile(path.join(dir, name), 'utf8').catch(() => '');
  const [messages, logs, errors, stats] = await Promise.all([read('messages.log'), read('logs.log'), read('errors.log'), read('stats.csv')]);
  const responses: number[] = [];
  const requests: string[] = [];
  // Each traced message: "... message received [N] bytes :" then a blank line, then the start line.
  for (const match of messages.matchAll(/message received \[\d+\] bytes :\s*\n\s*\n?([^\r\n]+)/g)) {
    const startLine = match[1]!.trim();
    const status = /^SIP\/2\.0 (\d{3})/.exec(startLine);
    if (status) responses.push(Number(status[1]));
    else requests.push(startLine.split(' ')[0]!);
  }
  return {
    exitCode,
    responses,
    requests,
    logs: logs.split('\n').map((line) => line.trim()).filter(Boolean),
    errors: withoutOverloadWarnings(errors),
    stats: lastStatistics(stats),
    messages,
    output,
  };
}

/** The statistics file is `;`-separated with a header row; the last row is the final count. */
function lastStatistics(csv: string): Record<string, string> {
  const rows = csv.split('\n').filter((row) => row.trim());
  if (rows.length < 2) return {};
  const header = rows[0]!.split(';');
  const last = rows.at(-1)!.split(';');
  return Object.fromEntries(header.map((name, i) => [name, last[i] ?? '']).filter(([name]) => name));
}

/**
 * Waits until SIPp holds its port (true), or it exits (false). Reads the kernel's socket tables rather than
 * probing with a bind, which could take the port from under SIPp at the wrong moment.
 */
async function waitForPort(port: number, transport: 'udp' | 'tcp', died: () => boolean): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  while (Date.now() < deadline) {
    if (died()) return false;
    const table = await readFile(transport === 'tcp' ? '/proc/net/tcp' : '/proc/net/udp', 'utf8');
    // Column 2 is the local address:port; a TCP listener is state 0A.
    if (table.split('\n').some((row) => {
      const [, local, , stateCode] = row.trim().split(/\s+/);
      return local?.endsWith(hex) && (transport === 'udp' || stateCode === '0A');
    })) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`sipp did not open port ${port} within 10 s`);
}
