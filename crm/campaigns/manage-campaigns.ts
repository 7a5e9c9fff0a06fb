import type { CampaignChannel, CampaignRow, CampaignStatus, NewCampaign } from '../../db/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../infra/errors.js';
import type { CampaignBot, CampaignsStore } from './campaign-ports.js';
import { assertDates, assertSendable } from './campaign-rules.js';
import { campaignView, type CampaignView } from './campaign-view.js';
import { assertCrmEnabled, assertMayWriteCrm, type CrmActor } from '../crm-access.js';
import { parseSegment } from './segment.js';

/** A campaign's writable fields, as the API takes them (snake_case, dates as ISO text). */
export interface CampaignFields {
  name: string;
  ref?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  ad_id?: string | null;
  segment?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
  channel?: CampaignChannel | null;
  message?: string | null;
  template?: string | null;
  template_params?: string[];
  handoff_on_reply?: boolean;
  rate_per_minute?: number | null;
}

export interface CampaignListQuery {
  bot?: string;
  status?: CampaignStatus;
  limit: number;
  offset: number;
}

/** What the campaign routes call besides the send (crm/campaigns/send-campaign.ts). */
export interface ManageDeps {
  store: Pick<CampaignsStore, 'create' | 'get' | 'list' | 'update' | 'remove' | 'counts'>;
  bots: (idOrName: string) => CampaignBot | undefined;
}

/** Statuses in which what a send does (channel, text, segment) may still change. */
const EDITABLE: readonly CampaignStatus[] = ['draft', 'scheduled', 'paused'];
const SEND_FIELDS = ['channel', 'message', 'template', 'template_params', 'segment'] as const;

function botOf(deps: ManageDeps, key: string): CampaignBot {
  const bot = deps.bots(key);
  if (!bot) throw new NotFoundError(`Bot "${key}" not found`, 'bot_not_found');
  assertCrmEnabled(bot.config, bot.name);
  return bot;
}

/** The campaign, when it exists and its bot's CRM is on. */
export async function campaignOf(deps: { store: Pick<CampaignsStore, 'get'>; bots: ManageDeps['bots'] }, id: string): Promise<{ row: CampaignRow; bot: CampaignBot }> {
  const row = await deps.store.get(id);
  const bot = row && deps.bots(row.bot_id);
  if (!row || !bot) throw new NotFoundError('Campaign not found', 'campaign_not_found');
  assertCrmEnabled(bot.config, bot.name);
  return { row, bot };
}

function columnsOf(fields: Partial<CampaignFields>): Partial<NewCampaign> {
  const out: Partial<NewCampaign> = {};
  for (const [key, value] of Object.entries(fields) as [keyof CampaignFields, unknown][]) {
    if (value === undefined) continue;
    if (key === 'starts_at' || key === 'ends_at') out[key] = value === null ? null : new Date(value as string);
    else (out as Record<string, unknown>)[key] = value;
  }
  if (out.segment !== undefined && out.segment !== null) parseSegment(out.segment);
  return out;
}

export async function createCampaign(deps: ManageDeps, actor: CrmActor, bot: string, fields: CampaignFields): Promise<CampaignView> {
  assertMayWriteCrm(actor, 'campaigns');
  const target = botOf(deps, bot);
  const columns = columnsOf(fields);
  assertDates({ starts_at: columns.starts_at ?? null, ends_at: columns.ends_at ?? null });
  const row = await deps.store.create({ ...columns, name: fields.name, bot_id: target.id, status: 'draft' }).catch(duplicateRef);
  return campaignView(row);
}

export async function listCampaigns(deps: ManageDeps, query: CampaignListQuery): Promise<{ campaigns: CampaignView[]; total: number }> {
  const bot = query.bot === undefined ? undefined : botOf(deps, query.bot);
  const page = await deps.store.list({ ...(bot ? { bot_id: bot.id } : {}), ...(query.status ? { status: query.status } : {}), limit: query.limit, offset: query.offset });
  // Campaigns of bots whose CRM is off are not shown.
  const shown = page.items.filter((row) => deps.bots(row.bot_id)?.config['crm-enabled'] === true);
  return { campaigns: shown.map((row) => campaignView(row)), total: page.total };
}

export async function getCampaign(deps: ManageDeps, id: string): Promise<CampaignView> {
  const { row } = await campaignOf(deps, id);
  return campaignView(row, await deps.store.counts(row.id));
}

export async function updateCampaign(deps: ManageDeps, actor: CrmActor, id: string, fields: Partial<CampaignFields>): Promise<CampaignView> {
  assertMayWriteCrm(actor, 'campaigns');
  const { row } = await campaignOf(deps, id);
  const columns = columnsOf(fields);
  if (SEND_FIELDS.some((f) => columns[f] !== undefined) && !EDITABLE.includes(row.status)) {
    throw new ConflictError(`A ${row.status} campaign's channel, message and segment cannot change`, 'campaign_not_editable');
  }
  const next = { ...row, ...columns } as CampaignRow;
  assertDates(next);
  if (row.status === 'scheduled') assertSendable(next);
  const updated = await deps.store.update(row.id, columns).catch(duplicateRef);
  if (!updated) throw new NotFoundError('Campaign not found', 'campaign_not_found');
  return campaignView(updated);
}

export async function deleteCampaign(deps: ManageDeps, actor: CrmActor, id: string): Promise<void> {
  assertMayWriteCrm(actor, 'campaigns');
  const { row } = await campaignOf(deps, id);
  if (row.status === 'running') throw new ConflictError('Pause or cancel a running campaign before deleting it', 'campaign_running');
  await deps.store.remove(row.id);
}

function duplicateRef(error: unknown): never {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  if (/crm_campaigns_bot_ref_key|duplicate key/.test(text)) throw new ConflictError('Another campaign of the bot has this ref', 'duplicate_ref');
  if (/invalid input syntax|out of range/.test(text)) throw new ValidationError('A field does not fit its column');
  throw error;
}
