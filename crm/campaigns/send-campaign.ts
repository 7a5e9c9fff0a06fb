import { PermanentDeliveryError } from '../../engine/index.js';
import type { CampaignRow } from '../../db/index.js';
import { ConflictError } from '../../infra/errors.js';
import type { CrmActor } from '../crm-access.js';
import type { CampaignBot, CampaignsDeps, CampaignsStore } from './campaign-ports.js';
import { assertSendable, DEFAULT_RATE_PER_MINUTE } from './campaign-rules.js';
import { campaignView, type CampaignView } from './campaign-view.js';
import { assertMayWriteCrm } from '../crm-access.js';
import { campaignOf } from './manage-campaigns.js';
import { parseSegment } from './segment.js';

/** The job that sends a campaign (docs/crm.md, "Proactive campaigns"). */
export const CAMPAIGN_SEND_JOB = 'crm.campaign.send';

/** Recipients claimed at a time: small, so a pause or an SMS STOP is seen soon. */
const BATCH = 25;
/** A claim older than this whose outcome was never written belongs to a send that stopped. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

export interface CampaignSendJob {
  campaign_id: string;
}

/** What the send reads and writes: the campaign and its recipient rows. */
export type SendStore = Pick<CampaignsStore,
  'get' | 'transition' | 'listUnfinished' | 'addSegment' | 'failInterrupted' | 'skipOptedOut' | 'claimPending' | 'release' | 'markSent' | 'markFailed'
  | 'hasClaimsInFlight'>;

type SendDeps = Omit<CampaignsDeps, 'now' | 'store'> & { now: () => Date; store: SendStore };

/**
 * Starts a proactive campaign: `scheduled` until its `starts_at`, else `running` at once; the send
 * job is enqueued (delayed to the start). A paused campaign starts again where it stopped.
 */
export async function startCampaign(deps: SendDeps, actor: CrmActor, id: string): Promise<CampaignView> {
  assertMayWriteCrm(actor, 'campaigns');
  const { row } = await campaignOf(deps, id);
  assertSendable(row);
  const started = await deps.store.transition(row.id, ['draft', 'paused'], 'scheduled');
  if (!started) throw new ConflictError(`A ${row.status} campaign cannot be started`, 'campaign_not_startable');
  await enqueueSend(deps, started);
  return campaignView(started);
}

/** Stops a scheduled or running send after the message in flight; `start` resumes it. */
export async function pauseCampaign(deps: SendDeps, actor: CrmActor, id: string): Promise<CampaignView> {
  return move(deps, actor, id, ['scheduled', 'running'], 'paused');
}

/** Stops a campaign for good: what was not sent stays pending and is never sent. */
export async function cancelCampaign(deps: SendDeps, actor: CrmActor, id: string): Promise<CampaignView> {
  return move(deps, actor, id, ['draft', 'scheduled', 'running', 'paused'], 'cancelled');
}

async function move(deps: SendDeps, actor: CrmActor, id: string, from: CampaignRow['status'][], to: CampaignRow['status']): Promise<CampaignView> {
  assertMayWriteCrm(actor, 'campaigns');
  const { row } = await campaignOf(deps, id);
  const moved = await deps.store.transition(row.id, from, to);
  if (!moved) throw new ConflictError(`A ${row.status} campaign cannot be ${to}`, 'campaign_wrong_status');
  return campaignView(moved);
}

async function enqueueSend(deps: SendDeps, campaign: CampaignRow, delayMs?: number): Promise<void> {
  const wait = delayMs ?? Math.max(0, (campaign.starts_at?.getTime() ?? 0) - deps.now().getTime());
  // A fresh id per run: the running job re-enqueues itself while its own id is still taken.
  await deps.jobs.add(CAMPAIGN_SEND_JOB, { campaign_id: campaign.id } satisfies CampaignSendJob, {
    jobId: `campaign-send-${campaign.id}-${deps.now().getTime()}`, ...(wait > 0 ? { delay: wait } : {}), attempts: 3, backoff: { type: 'exponential', delay: 5000 },
  });
}

/** Start-up: the send of every scheduled or running campaign is enqueued again; its rows say where it was. */
export async function resumeCampaigns(deps: SendDeps): Promise<number> {
  const unfinished = await deps.store.listUnfinished();
  for (const campaign of unfinished) await enqueueSend(deps, campaign);
  return unfinished.length;
}

/**
 * One run of a campaign's send: the segment's contacts become recipient rows (once each), opted-out
 * ones are skipped with why, then pending rows are claimed, paced by the channel's rate limit, and
 * sent through the channel's adapter. The rows are the checkpoint: a claimed row is never sent again,
 * so a run after a crash takes up the rest. When the rate limit is spent, the run enqueues the next
 * one for when the window opens and ends.
 */
export async function runCampaignSend(deps: SendDeps, job: CampaignSendJob): Promise<void> {
  let campaign = await deps.store.get(job.campaign_id);
  const bot = campaign && deps.bots(campaign.bot_id);
  if (!campaign || !bot || !campaign.channel) return;
  if (campaign.status === 'scheduled') {
    if (campaign.starts_at && campaign.starts_at > deps.now()) return enqueueSend(deps, campaign);
    campaign = await deps.store.transition(campaign.id, ['scheduled'], 'running');
    if (!campaign) return;
  }
  if (campaign.status !== 'running') return;
  const channel = campaign.channel!;
  await deps.store.addSegment({ id: campaign.id, bot_id: campaign.bot_id, channel }, parseSegment(campaign.segment));
  await deps.store.failInterrupted(campaign.id, new Date(deps.now().getTime() - STALE_CLAIM_MS));
  const rule = { points: campaign.rate_per_minute ?? DEFAULT_RATE_PER_MINUTE[channel], durationSeconds: 60 };
  const rateKey = `campaign:${channel}:${campaign.bot_id}`;
  for (;;) {
    const current = await deps.store.get(campaign.id);
    if (current?.status !== 'running') return; // paused, cancelled or deleted meanwhile
    await deps.store.skipOptedOut(campaign.id);
    const claimed = await deps.store.claimPending(campaign.id, BATCH, deps.now());
    if (claimed.length === 0) {
      // Rows still in flight are another run's, or a stopped one's: look again once those count as stale.
      if (await deps.store.hasClaimsInFlight(campaign.id)) return enqueueSend(deps, current, STALE_CLAIM_MS);
      await deps.store.transition(campaign.id, ['running'], 'completed');
      return;
    }
    const allowed: typeof claimed = [];
    let retryAfterSeconds = 0;
    for (const recipient of claimed) {
      if (retryAfterSeconds > 0) {
        await deps.store.release(recipient.id);
        continue;
      }
      const decision = await deps.rateLimiter.consume(rateKey, rule);
      if (decision.allowed) allowed.push(recipient);
      else {
        retryAfterSeconds = decision.retryAfterSeconds;
        await deps.store.release(recipient.id);
      }
    }
    await Promise.all(allowed.map((recipient) => sendOne(deps, current, bot, recipient)));
    if (retryAfterSeconds > 0) return enqueueSend(deps, current, retryAfterSeconds * 1000);
  }
}

async function sendOne(deps: SendDeps, campaign: CampaignRow, bot: CampaignBot, recipient: { id: string; address: string }): Promise<void> {
  try {
    const receipt = await deps.sender.send({
      channel: campaign.channel!, bot, to: recipient.address, text: campaign.message,
      template: campaign.template ? { name: campaign.template, params: campaign.template_params } : null,
    });
    await deps.store.markSent(recipient.id, receipt.provider_message_id ?? null);
  } catch (error) {
    const reason = error instanceof PermanentDeliveryError ? error.reason ?? error.message : error instanceof Error ? error.message : String(error);
    deps.logger.warn({ campaign_id: campaign.id, recipient_id: recipient.id, reason }, 'campaign message not sent');
    await deps.store.markFailed(recipient.id, reason.slice(0, 500));
  }
}
