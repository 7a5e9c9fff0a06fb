import type { EffectHost } from '../basic-interpreter/index.js';
import type { HostContext } from './script-host-context.js';
import { MAX_STEP_DEPTH, runWorkflowStep } from './run-workflow-step.js';

// The errors of a workflow step name the statement as written (the VM adds the file and line);
// its runs through the engine are in test/integration/basic-workflow-steps.test.ts.
const noBots = { bots: () => undefined } as unknown as HostContext;
const noHost = (): EffectHost => ({ perform: async () => null });

test('a bot the server does not have stops the step before any branch runs, naming the statement', async () => {
  await expect(runWorkflowStep(noBots, { file: 'flow.bas', line: 3, type: 'bot.run', step: 1, branches: [{ name: null, bot: 'fraud-detector', task: 'x' }] }, 0, noHost))
    .rejects.toThrow('STEP 1: BOT "fraud-detector": there is no bot "fraud-detector" on this server (a bot is a .gbai package in the bots folder)');
  await expect(runWorkflowStep(noBots, { file: 'flow.bas', line: 3, type: 'bot.run', step: 4, branches: [{ name: 'B', bot: 'ghost', task: 'x' }] }, 0, noHost))
    .rejects.toThrow('STEP 4: PARALLEL, BRANCH B: BOT "ghost": there is no bot');
});

test('steps run at most a few bots deep', async () => {
  await expect(runWorkflowStep(noBots, { file: 'flow.bas', line: 3, type: 'bot.run', step: 2, branches: [{ name: null, bot: 'self', task: 'x' }] }, MAX_STEP_DEPTH, noHost))
    .rejects.toThrow(`STEP 2: BOT "self": steps run ${MAX_STEP_DEPTH} bots deep`);
});
