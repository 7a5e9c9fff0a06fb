import type { BotRunner } from '../engine/index.js';
import { createInProcessLocks } from '../infra/locks/index.js';
import { createMemoryRateLimiter } from '../infra/rate-limit/index.js';
import { capabilitiesNotConfigured, contactsNotConfigured, filesNotConfigured, llmNotConfigured, mailboxNotConfigured, mailNotConfigured, meetingsNotConfigured, usersNotConfigured } from './ports.js';
import { runBotTurn } from './run-bot-turn.js';
import { runScheduledScript } from './run-scheduled-script.js';
import { runTriggeredScript } from './run-triggered-script.js';
import { runWebhook, type WebhookRequest } from './run-webhook.js';
import type { ScheduledRun } from './schedule-script.js';
import { HOST_JOBS, type HostContext, type ScriptHostDeps } from './script-host-context.js';
import { submitForm, type FormAnswer, type FormSubmission } from './submit-form.js';
import { requeueTriggeredRuns, type TriggeredJob } from './table-triggers.js';
import { runWatch, scheduleWatches, type WatchRun } from './watch-bot.js';
import type { ScriptWebhookAnswer } from './webhook-answer.js';

/**
 * The BASIC script host as the rest of the service sees it: the engine's bot runner, the bots'
 * HTTP entry points (WEBHOOK scripts and forms), and the runs without a conversation (SET
 * SCHEDULE, table handlers, ON EMAIL / ON CHANGE) on jobs of its own.
 */
export interface ScriptHost {
  /** Hand it to the engine (`createEngine({ bot })`): the engine has the bot answer through it. */
  readonly runner: BotRunner;
  /**
   * A request to the bot's WEBHOOK script `name` (docs/basic.md, "Webhooks and forms"): answered
   * once the script has run. Throws NotFoundError (no bot, no such endpoint), UnauthorizedError
   * (the bot's webhook-secret missing), RateLimitError, ValidationError (a body it cannot read)
   * or ScriptFailedError.
   */
  runWebhook(request: WebhookRequest): Promise<ScriptWebhookAnswer>;
  /** A form posted to the bot: its `ON FORM SUBMIT` block runs; the same errors as {@link runWebhook} but 401. */
  submitForm(submission: FormSubmission): Promise<FormAnswer>;
  /** Registers the jobs of runs without a conversation, schedules the bots' watches and hands out pending table handler runs. */
  start(): Promise<void>;
  /**
   * Enqueues again what the database says is still due, beside the engine's recovery
   * (engine/recover-pending.ts): pending table handler runs, and with `schedules` the bots' watch
   * schedules (wanted when Redis comes back, which may have lost them; not at the sweep, while it
   * may still be away). Never throws for a step that fails (logged, retried by the next call).
   */
  recover(options?: { schedules?: boolean }): Promise<{ triggers: number }>;
}

const NOTHING_RECOVERED = { triggers: 0 };

/** Builds the script host from its ports (docs/architecture.md, folder map: `script-host/`). */
export function createScriptHost(deps: ScriptHostDeps): ScriptHost {
  const ctx: HostContext = {
    repos: deps.repos,
    jobs: deps.jobs,
    logger: deps.logger,
    bots: deps.bots,
    botNames: deps.botNames ?? (() => []),
    channels: deps.channels,
    locks: deps.locks ?? createInProcessLocks(),
    meetings: deps.meetings ?? meetingsNotConfigured,
    mail: deps.mail ?? mailNotConfigured,
    llm: deps.llm ?? llmNotConfigured,
    mailbox: deps.mailbox ?? mailboxNotConfigured,
    users: deps.users ?? usersNotConfigured,
    files: deps.files ?? filesNotConfigured,
    ...(deps.fileLinks ? { fileLinks: deps.fileLinks } : {}),
    ...(deps.signInLinks ? { signInLinks: deps.signInLinks } : {}),
    publicUrl: deps.publicUrl ?? (() => ''),
    capabilities: { ...capabilitiesNotConfigured, ...deps.capabilities },
    contacts: deps.contacts ?? contactsNotConfigured,
    rateLimiter: deps.rateLimiter ?? createMemoryRateLimiter(),
    now: deps.now ?? (() => new Date()),
  };
  let started: Promise<void> | undefined;
  // One recovery at a time; each step is idempotent, so one queued behind another doubles nothing.
  let previous: Promise<unknown> = Promise.resolve();

  function recover(options: { schedules?: boolean } = {}): Promise<{ triggers: number }> {
    const run = previous.then(async () => {
      if (options.schedules) await step('watch schedules', async () => { await scheduleWatches(ctx); return 0; });
      return { triggers: await step('table triggers', () => requeueTriggeredRuns(ctx)) };
    });
    previous = run.catch(() => undefined);
    return run;
  }

  /** A step that fails (the database away) is logged and the next recovery retries it. */
  async function step(what: string, run: () => Promise<number>): Promise<number> {
    try {
      return await run();
    } catch (error) {
      ctx.logger.error({ err: error, step: what }, 'recovery step failed; the next recovery runs it again');
      return 0;
    }
  }

  async function start(): Promise<void> {
    ctx.jobs.process<ScheduledRun>(HOST_JOBS.scheduled, (run) => runScheduledScript(ctx, run));
    ctx.jobs.process<TriggeredJob>(HOST_JOBS.triggered, (job) => runTriggeredScript(ctx, job), { concurrency: 2 });
    ctx.jobs.process<WatchRun>(HOST_JOBS.watch, (run) => runWatch(ctx, run), { concurrency: 2 });
    await recover({ schedules: true });
  }

  return {
    runner: { run: (turn, input) => runBotTurn(ctx, turn, input) },
    runWebhook: (request) => runWebhook(ctx, request),
    submitForm: (submission) => submitForm(ctx, submission),
    start: () => (started ??= start()),
    // Before start() there is nothing to recover yet: start() itself runs the first recovery.
    recover: async (options) => (started ? started.then(() => recover(options)) : NOTHING_RECOVERED),
  };
}
