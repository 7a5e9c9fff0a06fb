import { randomInt } from 'node:crypto';
import path from 'node:path';
import { createChildServer, type ChildServer } from '../support/child-server.js';
import { testDriversLabel } from '../support/drivers.js';
import type { WebAnswer } from '../support/web-customer.js';
import { seededRandom } from '../support/seeded-random.js';

/**
 * All or nothing per message (docs/architecture.md): the real server, as a child process, is
 * SIGKILLed at random moments while many web visitors stream numbered messages; it restarts on
 * the same data and every client retries each unanswered message with the same
 * `client_message_id` and session token, as a widget would. At the end every visitor's
 * transcript must show each message once, each followed by exactly one bot answer, and the
 * counting bot (test/fixtures/bots/counter.gbai) must be in step: its answer to `mk` is
 * `answer k to mk`, so a lost turn or a turn run twice shows up as a dialog one off.
 *
 * Drivers as everywhere: the embedded database in a DATA_DIR kept across restarts by default;
 * a scratch PostgreSQL database (and Redis under a private prefix) when DATABASE_URL (and
 * REDIS_URL) are set. The kill moments come from a seed printed in the log: CRASH_SEED=<seed>
 * replays the same schedule (the machine's timing still varies).
 */

const BOT = 'counter';
const VISITORS = 20;
const MESSAGES = 15;
const KILLS = 4;
/** Each kill comes after this many answers (any visitor) since the last start, then up to KILL_JITTER_MS. */
const KILL_AFTER_ANSWERS = { min: 8, max: 40 };
const KILL_JITTER_MS = 30;
/**
 * The stream must be answered within this plus, per kill, the first start's time (a restart takes
 * as long; on a loaded two-core machine 10–20 s). It only stops a hung run: nothing is timed.
 */
const STREAM_DEADLINE_MS = 80_000;
const REQUEST_TIMEOUT_MS = 15_000;

const seed = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : randomInt(2 ** 31);
if (!Number.isSafeInteger(seed)) throw new Error(`CRASH_SEED must be a whole number, not "${process.env.CRASH_SEED}"`);

/** One message of one visitor, as its client saw it. */
interface Delivery {
  k: number;
  attempts: number;
  /** When the first retry was sent (epoch ms); absent when the first attempt was answered. */
  firstRetryAt?: number;
  /** The reply texts of the 200 that finally answered it. */
  replies: string[];
  sessionId: string;
}

interface Visitor {
  n: number;
  token?: string;
  deliveries: Delivery[];
}

interface HistoryRow {
  direction: 'inbound' | 'outbound';
  from: string;
  text: string;
  at: string;
}

/** One try of one POST: answered, lost (no answer or a 5xx: retry it) or refused (a 4xx: a test failure). */
type Attempt = { kind: 'answer'; answer: WebAnswer } | { kind: 'lost'; why: string } | { kind: 'refused'; why: string };


const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What one kill hit, for the log. */
interface Kill {
  afterAnswers: number;
  inFlight: number;
  restartMs: number;
}

/**
 * Kills the server after a random number of answers, restarts it on the same data and tells
 * the clients when it is up again. Clients wait on `whenUp()` before every attempt, so a retry
 * goes out as soon as the new process is ready, never on a timer.
 */
class Crasher {
  readonly kills: Kill[] = [];
  inFlight = 0;
  failure: unknown;
  private up: Promise<void> = Promise.resolve();
  private down = false;
  private armed = false;
  private answers = 0;
  private nextKillAfter = 0;
  private crashing: Promise<void> | undefined;

  constructor(
    private readonly server: ChildServer,
    private readonly random: () => number,
  ) {}

  /** From now on answers count toward the next kill. */
  arm(): void {
    this.armed = true;
    this.answers = 0;
    this.nextKillAfter = this.pickKillAfter();
  }

  whenUp(): Promise<void> {
    return this.up;
  }

  isDown(): boolean {
    return this.down;
  }

  answered(): void {
    this.answers += 1;
    if (!this.armed || this.crashing || this.kills.length >= KILLS || this.answers < this.nextKillAfter) return;
    this.crashing = this.crash()
      .catch((error: unknown) => {
        this.failure = error;
      })
      .finally(() => {
        this.crashing = undefined;
      });
  }

  /** Resolves when no restart is under way. */
  async settle(): Promise<void> {
    await this.crashing;
  }

  private async crash(): Promise<void> {
    const afterAnswers = this.answers;
    const jitter = Math.floor(this.random() * KILL_JITTER_MS);
    let release!: () => void;
    this.up = new Promise((resolve) => (release = resolve));
    this.down = true;
    try {
      await delay(jitter); // where in the turns the kill lands: seeded, not a synchronisation
      const inFlight = this.inFlight;
      await this.server.kill();
      const started = Date.now();
      await this.server.start();
      this.kills.push({ afterAnswers, inFlight, restartMs: Date.now() - started });
      this.answers = 0;
      this.nextKillAfter = this.pickKillAfter();
    } finally {
      this.down = false;
      release();
    }
  }

  private pickKillAfter(): number {
    return KILL_AFTER_ANSWERS.min + Math.floor(this.random() * (KILL_AFTER_ANSWERS.max - KILL_AFTER_ANSWERS.min + 1));
  }
}

async function post(url: string, body: Record<string, string>): Promise<Attempt> {
  let res: Response;
  try {
    res = await fetch(`${url}/api/channels/web/${BOT}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { kind: 'lost', why: cause?.code ?? cause?.message ?? String(error) };
  }
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    return { kind: 'lost', why: `${res.status}, body cut: ${String(error)}` };
  }
  if (res.status === 200) return { kind: 'answer', answer: JSON.parse(text) as WebAnswer };
  if (res.status >= 500) return { kind: 'lost', why: `${res.status} ${text}` };
  return { kind: 'refused', why: `${res.status} ${text}` };
}

/** Sends message k of a visitor until the server answers it, retrying with the same id and token. */
async function deliver(url: string, crasher: Crasher, visitor: Visitor, k: number, deadline: number): Promise<Delivery> {
  const body = { text: `m${k}`, client_message_id: String(k), ...(visitor.token ? { session_token: visitor.token } : {}) };
  let firstRetryAt: number | undefined;
  let lastWhy = '';
  for (let attempt = 1; ; attempt++) {
    if (crasher.failure) throw crasher.failure;
    if (Date.now() > deadline) throw new Error(`visitor ${visitor.n}: m${k} still unanswered after ${attempt - 1} attempts (last: ${lastWhy})`);
    await crasher.whenUp();
    if (attempt === 2) firstRetryAt = Date.now();
    crasher.inFlight += 1;
    const result = await post(url, body).finally(() => (crasher.inFlight -= 1));
    if (result.kind === 'answer') {
      crasher.answered();
      const { answer } = result;
      return { k, attempts: attempt, ...(firstRetryAt ? { firstRetryAt } : {}), replies: answer.replies.map((r) => r.text), sessionId: answer.session_id };
    }
    if (result.kind === 'refused') throw new Error(`visitor ${visitor.n}: m${k} refused: ${result.why}`);
    lastWhy = result.why;
    // A failure while the server is up (a stale keep-alive socket, a 5xx) retries at once, then backs off.
    if (!crasher.isDown() && attempt > 1) await delay(Math.min(20 * attempt, 200));
  }
}

async function historyOf(url: string, visitor: Visitor): Promise<HistoryRow[]> {
  const res = await fetch(`${url}/api/channels/web/${BOT}/messages?session_token=${encodeURIComponent(visitor.token!)}`, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (res.status !== 200) throw new Error(`history of visitor ${visitor.n}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { messages: HistoryRow[] }).messages;
}

const answerTo = (k: number) => `answer ${k} to m${k}`;

/**
 * What is wrong with one visitor's transcript: each message stored once, each with exactly one
 * answer that is in step (`answer k to mk`), and the rows in order, every answer right after
 * its message. The counts are checked first, so a lost turn reads as one, not as a shifted list.
 */
function transcriptProblems(rows: HistoryRow[]): string[] {
  const problems: string[] = [];
  for (let k = 1; k <= MESSAGES; k++) {
    const copies = rows.filter((r) => r.direction === 'inbound' && r.text === `m${k}`).length;
    if (copies !== 1) problems.push(copies === 0 ? `m${k} never stored` : `m${k} stored ${copies} times`);
    const answers = rows.filter((r) => r.direction === 'outbound' && r.text.endsWith(` to m${k}`));
    if (answers.length === 0) problems.push(`m${k} never answered`);
    else if (answers.length > 1) problems.push(`m${k} answered ${answers.length} times`);
    else if (answers[0]!.text !== answerTo(k)) problems.push(`m${k} answered "${answers[0]!.text}"`);
  }
  for (const row of rows) {
    const expectedFrom = row.direction === 'inbound' ? 'customer' : 'bot';
    if (row.from !== expectedFrom) problems.push(`${row.direction} "${row.text}" from ${row.from}`);
    if (row.direction === 'outbound' && !/ to m\d+$/.test(row.text)) problems.push(`unexpected answer "${row.text}"`);
  }
  if (problems.length > 0) return problems;
  const expected = Array.from({ length: MESSAGES }, (_, i) => [`m${i + 1}`, answerTo(i + 1)]).flat();
  const at = rows.findIndex((r, i) => r.text !== expected[i]);
  if (at >= 0) {
    const tie = rows.filter((r) => r.at === rows[at]!.at).length > 1 ? ` (${rows[at]!.at} is the time of more than one row)` : '';
    problems.push(`out of order at row ${at + 1}: "${rows[at]!.text}" where "${expected[at]}" belongs${tie}`);
  }
  return problems;
}

/** At most `max` entries, then how many more, so a failure stays readable. */
function capped(lines: string[], max: number): string[] {
  return lines.length <= max ? lines : [...lines.slice(0, max), `… and ${lines.length - max} more`];
}

describe(`crash safety (${testDriversLabel()})`, () => {
  let server: ChildServer | undefined;

  afterAll(async () => {
    await server?.dispose();
  });

  test(`${VISITORS} visitors × ${MESSAGES} messages, ${KILLS} SIGKILLs: every message answered exactly once, every dialog in step`, async () => {
    const began = Date.now();
    console.log(`crash-safety seed ${seed} (CRASH_SEED=${seed} replays the kill schedule)`);
    server = await createChildServer({ botsDir: path.resolve('test/fixtures/bots') });
    const { url } = server;
    await server.start();
    const firstStartMs = Date.now() - began;
    const crasher = new Crasher(server, seededRandom(seed));
    const deadline = Date.now() + STREAM_DEADLINE_MS + KILLS * firstStartMs;
    const visitors: Visitor[] = Array.from({ length: VISITORS }, (_, i) => ({ n: i + 1, deliveries: [] }));

    // The first message has no session token yet, and a POST without one is a new visitor: it
    // cannot be retried safely, so every visitor opens its session before the first kill.
    await Promise.all(
      visitors.map(async (visitor) => {
        const result = await post(url, { text: 'm1', client_message_id: '1' });
        if (result.kind !== 'answer') throw new Error(`visitor ${visitor.n}: m1 not answered before any kill: ${result.why}`);
        visitor.token = result.answer.session_token;
        visitor.deliveries.push({ k: 1, attempts: 1, replies: result.answer.replies.map((r) => r.text), sessionId: result.answer.session_id });
      }),
    );

    crasher.arm();
    const streamBegan = Date.now();
    // Every loop ends before the test goes on: the first failure stops the other visitors too.
    const streams = await Promise.allSettled(
      visitors.map(async (visitor) => {
        try {
          for (let k = 2; k <= MESSAGES; k++) visitor.deliveries.push(await deliver(url, crasher, visitor, k, deadline));
        } catch (error) {
          crasher.failure ??= error;
          throw error;
        }
      }),
    );
    await crasher.settle();
    if (crasher.failure) throw crasher.failure;
    for (const stream of streams) if (stream.status === 'rejected') throw stream.reason;
    const streamMs = Date.now() - streamBegan;

    // A clean stop and start: what the transcript says must have survived on disk.
    const stopCode = await server.stop();
    await server.start();
    const histories = await Promise.all(visitors.map((v) => historyOf(url, v)));
    await server.stop();

    const transcripts = visitors.flatMap((v, i) => {
      const problems = transcriptProblems(histories[i]!);
      return problems.length ? [`visitor ${v.n}: ${capped(problems, 4).join('; ')}`] : [];
    });
    const replies = visitors.flatMap((v) => {
      // A retry of a message whose turn committed is answered with that turn's replies, so every answer carries its reply.
      const wrong = v.deliveries.filter((d) => d.replies.length !== 1 || d.replies[0] !== answerTo(d.k));
      const moved = v.deliveries.filter((d) => d.sessionId !== v.deliveries[0]!.sessionId);
      const first = wrong[0];
      return [
        ...(first ? [`visitor ${v.n}: ${wrong.length} wrong, first m${first.k} (attempt ${first.attempts}) got ${JSON.stringify(first.replies)}`] : []),
        ...(moved.length ? [`visitor ${v.n}: m${moved.map((d) => d.k).join(', m')} answered in another session`] : []),
      ];
    });

    // For the log: what the retries ran into. A turn whose bot answer is older than the first
    // retry had committed before the crash; a stored message without one is the split commit.
    const retried = visitors.flatMap((v, i) => v.deliveries.filter((d) => d.firstRetryAt).map((d) => ({ d, rows: histories[i]! })));
    const storedBefore = (rows: HistoryRow[], text: (t: string) => boolean, at: number) =>
      rows.some((r) => text(r.text) && Date.parse(r.at) < at);
    const committedTurn = retried.filter(({ d, rows }) => storedBefore(rows, (t) => t.endsWith(` to m${d.k}`), d.firstRetryAt!));
    const messageOnly = retried.filter(
      ({ d, rows }) => !committedTurn.some((c) => c.d === d) && storedBefore(rows, (t) => t === `m${d.k}`, d.firstRetryAt!),
    );
    const empty = (list: typeof retried) => list.filter(({ d }) => d.replies.length === 0).length;
    console.log(
      [
        `crash-safety on ${server.drivers}, seed ${seed}: ${Date.now() - began} ms in all (first start ${firstStartMs} ms, stream ${streamMs} ms)`,
        `kills: ${crasher.kills.map((k) => `after ${k.afterAnswers} answers with ${k.inFlight} in flight, back in ${k.restartMs} ms`).join('; ')}`,
        `retried messages: ${retried.length}, ${empty(retried)} of them answered with no replies; ` +
          `turn already committed: ${committedTurn.length} (${empty(committedTurn)} with no replies); ` +
          `only the message stored: ${messageOnly.length} (${empty(messageOnly)} with no replies); clean stop exit code ${stopCode}`,
      ].join('\n'),
    );

    expect(crasher.kills).toHaveLength(KILLS);
    expect({ transcripts, replies }).toEqual({ transcripts: [], replies: [] });
  }, 600_000);
});
