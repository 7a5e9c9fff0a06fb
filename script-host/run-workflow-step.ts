import { resumeDialog, startDialog, turnLimitsFrom, type ConversationEffect, type EffectHost, type ObjectValue, type TurnResult, type Value } from '../basic-interpreter/index.js';
import type { HostContext, ScriptBot } from './script-host-context.js';

/** How deep a step's bot may run steps of its own: a workflow that calls itself stops here. */
export const MAX_STEP_DEPTH = 4;

type BotRun = Extract<ConversationEffect, { type: 'bot.run' }>;
type Branch = BotRun['branches'][number];

/** The statement as written, for errors: `STEP 2: BOT "x"`, `STEP 4: PARALLEL, BRANCH A: BOT "x"`. */
function statement(effect: BotRun, branch: Branch): string {
  return branch.name === null ? `STEP ${effect.step}: BOT "${branch.bot}"` : `STEP ${effect.step}: PARALLEL, BRANCH ${branch.name}: BOT "${branch.bot}"`;
}

/**
 * STEP n: BOT "bot" "task" and STEP n: PARALLEL (docs/basic.md, "The workflow language"): each
 * branch's bot, a package this server loaded, runs its `start` dialog on its own tables and memory
 * with the task as `task` and `first_message`, and as the answer to its first HEAR; what it says
 * (its TALK lines, joined by new lines) is the branch's answer. A PARALLEL's branches run at once
 * and the step waits for all: its value is an object of the answers by branch name, a single BOT's
 * value its answer. A bot not loaded stops the script before any branch runs; so does an error in
 * a step's dialog. `hostFor` gives the step bot's host, one step deeper than `depth`.
 */
export async function runWorkflowStep(
  ctx: HostContext, effect: BotRun, depth: number, hostFor: (bot: ScriptBot) => EffectHost,
): Promise<Value> {
  if (depth >= MAX_STEP_DEPTH) throw new Error(`${statement(effect, effect.branches[0]!)}: steps run ${MAX_STEP_DEPTH} bots deep (a workflow that runs itself?)`);
  const bots = effect.branches.map((branch) => {
    const bot = ctx.bots(branch.bot);
    if (!bot) throw new Error(`${statement(effect, branch)}: there is no bot "${branch.bot}" on this server (a bot is a .gbai package in the bots folder)`);
    return bot;
  });
  const answers = await Promise.all(effect.branches.map((branch, i) => runBranch(ctx, bots[i]!, effect, branch, hostFor(bots[i]!))));
  if (effect.branches.length === 1 && effect.branches[0]!.name === null) return answers[0]!;
  const byBranch: ObjectValue = {};
  effect.branches.forEach((branch, i) => { byBranch[branch.name ?? String(i + 1)] = answers[i]!; });
  return byBranch;
}

async function runBranch(ctx: HostContext, bot: ScriptBot, effect: BotRun, branch: Branch, host: EffectHost): Promise<string> {
  const options = { library: bot.dialogs, host, limits: turnLimitsFrom(bot.config), now: ctx.now };
  const said: string[] = [];
  let result: TurnResult = await startDialog({
    ...options, entry: 'start', variables: { ...bot.params, bot: bot.name, channel: '', task: branch.task, first_message: branch.task, workflow_step: effect.step },
  });
  said.push(...result.outputs.map((o) => o.text));
  if (result.status === 'waiting') {
    result = await resumeDialog({ ...options, state: result.state, input: branch.task });
    said.push(...result.outputs.map((o) => o.text));
  }
  if (result.status === 'error') throw new Error(`${statement(effect, branch)}: its dialog stopped at ${result.error.file}:${result.error.line}: ${result.error.message}`);
  if (result.status !== 'done') {
    ctx.logger.info({ bot: bot.name, step: effect.step }, `workflow step ended at ${result.status === 'waiting' ? 'a second HEAR' : 'WAIT'}: its answer is what it said so far`);
  }
  return said.join('\n');
}
