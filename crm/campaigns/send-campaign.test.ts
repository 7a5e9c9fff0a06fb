import { describe, expect, test } from '@jest/globals';
import { defaultBotConfig } from '../../config/index.js';
import type { CampaignRow, ClaimedRecipient, SegmentFilter } from '../../db/index.js';
import { PermanentDeliveryError } from '../../engine/index.js';
import { createMemoryRateLimiter } from '../../infra/rate-limit/memory-rate-limiter.js';
import type { CampaignMessage } from './campaign-ports.js';
import { runCampaignSend, startCampaign, type SendStore } from './send-campaign.js';
import { parseSegment } from './segment.js';

// The proactive send on in-memory rows: segments, opt-outs, the rate limit and resuming after a crash.

interface Contact { id: string; phone: string; tags: string[]; tier: string | null; unsubscribed: boolean; stopped: boolean }
interface Row { id: string; contact_id: string; address: string; status: string; reason: string | null; sent_at: Date | null; provider_message_id: string | null }

function memoryStore(contacts: Contact[], campaign: CampaignRow) {
  const rows: Row[] = [];
  let current: CampaignRow | undefined = campaign;
  const inSegment = (c: Contact, s: SegmentFilter) => s.kind === 'all' || (s.kind === 'tag' ? c.tags.includes(s.tag) : c.tier === s.tier);
  const store: SendStore = {
    async get() { return current; },
    async transition(_id, from, to) {
      if (!current || !from.includes(current.status)) return undefined;
      current = { ...current, status: to };
      return current;
    },
    async listUnfinished() { return current && ['scheduled', 'running'].includes(current.status) ? [current] : []; },
    async addSegment(_c, segment) {
      let added = 0;
      for (const c of contacts.filter((x) => inSegment(x, segment))) {
        if (rows.some((r) => r.contact_id === c.id)) continue;
        rows.push({ id: `r-${c.id}`, contact_id: c.id, address: c.phone.slice(1), status: 'pending', reason: null, sent_at: null, provider_message_id: null });
        added++;
      }
      return added;
    },
    async failInterrupted(_id, before) {
      const stale = rows.filter((r) => r.status === 'pending' && r.sent_at && r.sent_at < before);
      for (const r of stale) Object.assign(r, { status: 'failed', reason: 'interrupted' });
      return stale.length;
    },
    async skipOptedOut() {
      let n = 0;
      for (const r of rows.filter((x) => x.status === 'pending' && !x.sent_at)) {
        const c = contacts.find((x) => x.id === r.contact_id)!;
        if (!c.unsubscribed && !c.stopped) continue;
        Object.assign(r, { status: 'skipped', reason: c.unsubscribed ? 'unsubscribed' : 'sms_opt_out' });
        n++;
      }
      return n;
    },
    async claimPending(_id, limit, at) {
      const claimed: ClaimedRecipient[] = [];
      for (const r of rows.filter((x) => x.status === 'pending' && !x.sent_at).slice(0, limit)) {
        r.sent_at = at;
        claimed.push({ id: r.id, contact_id: r.contact_id, address: r.address });
      }
      return claimed;
    },
    async release(id) { const r = rows.find((x) => x.id === id)!; if (r.status === 'pending') r.sent_at = null; },
    async markSent(id, provider) { Object.assign(rows.find((x) => x.id === id)!, { status: 'sent', provider_message_id: provider }); },
    async markFailed(id, reason, status = 'failed') { Object.assign(rows.find((x) => x.id === id)!, { status, reason }); },
    async hasClaimsInFlight() { return rows.some((r) => r.status === 'pending' && r.sent_at !== null); },
  };
  return { store, rows, campaign: () => current };
}

const bot = { id: 'bot-1', name: 'promo', config: defaultBotConfig() };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

function campaignRow(overrides: Partial<CampaignRow> = {}): CampaignRow {
  return {
    id: 'c-1', bot_id: bot.id, name: 'Spring', ref: 'spring', utm_source: null, utm_medium: null, ad_id: null, segment: 'tag:vip', status: 'running',
    starts_at: null, ends_at: null, channel: 'sms', message: 'Hello', template: null, template_params: [], handoff_on_reply: false, rate_per_minute: 1000,
    created_at: new Date(0), updated_at: new Date(0), ...overrides,
  };
}

function contactsOf(n: number, extra: Partial<Contact> = {}): Contact[] {
  return Array.from({ length: n }, (_, i) => ({ id: `k${i}`, phone: `+1555000${String(i).padStart(4, '0')}`, tags: ['vip'], tier: null, unsubscribed: false, stopped: false, ...extra }));
}

function harness(contacts: Contact[], row: CampaignRow, send: (m: CampaignMessage) => Promise<{ provider_message_id?: string }>) {
  const memory = memoryStore(contacts, row);
  const jobs: { name: string; data: unknown; delay?: number }[] = [];
  const deps = {
    store: memory.store, bots: () => bot, sender: { send }, logger: silent, now: () => new Date('2026-05-01T10:00:00Z'),
    rateLimiter: createMemoryRateLimiter(),
    jobs: { add: async (name: string, data: unknown, options?: { delay?: number }) => { jobs.push({ name, data, ...(options?.delay ? { delay: options.delay } : {}) }); return 'id'; }, process: () => undefined },
  };
  return { ...memory, jobs, deps };
}

describe('segments', () => {
  test('all, tag:<tag> and tier:<tier>; anything else is refused', () => {
    expect(parseSegment(null)).toEqual({ kind: 'all' });
    expect(parseSegment('ALL')).toEqual({ kind: 'all' });
    expect(parseSegment('tag: VIP')).toEqual({ kind: 'tag', tag: 'vip' });
    expect(parseSegment('tier:gold')).toEqual({ kind: 'tier', tier: 'gold' });
    expect(() => parseSegment('tier:platinum')).toThrow(/segment "tier:platinum"/);
    expect(() => parseSegment('colour:red')).toThrow(/not one of/);
  });
});

describe('the proactive send', () => {
  test('sends once to each contact of the segment, skips opted-out ones with why, and completes', async () => {
    const contacts = [...contactsOf(5), { ...contactsOf(1)[0]!, id: 'out', phone: '+15559990000', unsubscribed: true }, { ...contactsOf(1)[0]!, id: 'stop', phone: '+15559990001', stopped: true },
      { ...contactsOf(1)[0]!, id: 'other', phone: '+15559990002', tags: ['other'] }];
    const sent: string[] = [];
    const h = harness(contacts, campaignRow(), async (m) => { sent.push(m.to); return { provider_message_id: `SM${sent.length}` }; });
    await runCampaignSend(h.deps, { campaign_id: 'c-1' });
    expect(sent).toHaveLength(5);
    expect(new Set(sent).size).toBe(5);
    expect(h.rows.filter((r) => r.status === 'skipped').map((r) => r.reason).sort()).toEqual(['sms_opt_out', 'unsubscribed']);
    expect(h.rows.some((r) => r.contact_id === 'other')).toBe(false);
    expect(h.campaign()?.status).toBe('completed');
  });

  test('the rate limit stops a run and enqueues the next for when the window opens', async () => {
    const sent: string[] = [];
    const h = harness(contactsOf(7), campaignRow({ rate_per_minute: 3 }), async (m) => { sent.push(m.to); return {}; });
    await runCampaignSend(h.deps, { campaign_id: 'c-1' });
    expect(sent).toHaveLength(3);
    expect(h.rows.filter((r) => r.status === 'pending' && r.sent_at === null)).toHaveLength(4);
    expect(h.jobs).toHaveLength(1);
    expect(h.jobs[0]!.delay).toBeGreaterThan(0);
    expect(h.campaign()?.status).toBe('running');
  });

  test('without rate_per_minute each channel has its own default: 60 a minute on sms, 600 on mobile_msg', async () => {
    const sms: string[] = [];
    const bySms = harness(contactsOf(75), campaignRow({ rate_per_minute: null }), async (m) => { sms.push(m.to); return {}; });
    await runCampaignSend(bySms.deps, { campaign_id: 'c-1' });
    expect(sms).toHaveLength(60);
    expect(bySms.jobs).toHaveLength(1);

    const mobile: string[] = [];
    const byMobile = harness(contactsOf(650), campaignRow({ rate_per_minute: null, channel: 'mobile_msg', message: null, template: 'spring' }), async (m) => { mobile.push(m.to); return {}; });
    await runCampaignSend(byMobile.deps, { campaign_id: 'c-1' });
    expect(mobile).toHaveLength(600);
  });

  test('a run after a crash sends the rest and never a claimed row again', async () => {
    const sent: string[] = [];
    let crash = true;
    const h = harness(contactsOf(4), campaignRow(), async (m) => {
      if (crash && sent.length === 2) throw new Error('process died');
      sent.push(m.to);
      return {};
    });
    // The crash: a row claimed, its outcome never written (the process stopped mid-send).
    await h.store.addSegment({ id: 'c-1', bot_id: bot.id, channel: 'sms' }, { kind: 'tag', tag: 'vip' });
    const [claimed] = await h.store.claimPending('c-1', 1, new Date('2026-05-01T09:00:00Z'));
    crash = false;
    await runCampaignSend(h.deps, { campaign_id: 'c-1' });
    expect(sent).toHaveLength(3);
    expect(sent).not.toContain(claimed!.address);
    expect(h.rows.find((r) => r.id === claimed!.id)).toMatchObject({ status: 'failed', reason: 'interrupted' });
    expect(h.campaign()?.status).toBe('completed');
  });

  test('a refused message fails its row with the provider\'s reason; the others go on', async () => {
    const h = harness(contactsOf(3), campaignRow(), async (m) => {
      if (m.to.endsWith('0001')) throw new PermanentDeliveryError('21610: unsubscribed recipient');
      return {};
    });
    await runCampaignSend(h.deps, { campaign_id: 'c-1' });
    expect(h.rows.map((r) => r.status).sort()).toEqual(['failed', 'sent', 'sent']);
    expect(h.rows.find((r) => r.status === 'failed')?.reason).toBe('21610: unsubscribed recipient');
  });

  test('a paused campaign sends nothing; start schedules it until its starts_at', async () => {
    const sent: string[] = [];
    const h = harness(contactsOf(2), campaignRow({ status: 'paused', starts_at: new Date('2026-05-02T00:00:00Z') }), async (m) => { sent.push(m.to); return {}; });
    await runCampaignSend(h.deps, { campaign_id: 'c-1' });
    expect(sent).toEqual([]);
    const started = await startCampaign(h.deps, { user_id: 'u', roles: ['supervisor'] }, 'c-1');
    expect(started.status).toBe('scheduled');
    expect(h.jobs[0]!.delay).toBe(14 * 3600 * 1000);
    await runCampaignSend(h.deps, { campaign_id: 'c-1' });
    expect(sent).toEqual([]); // not yet: the run enqueues itself for the start
    await expect(startCampaign(h.deps, { user_id: 'u', roles: ['attendant'] }, 'c-1')).rejects.toThrow(/supervisors/);
  });
});
