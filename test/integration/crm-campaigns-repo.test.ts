import { createCrmCampaignsRepo, type CrmCampaignsRepo } from '../../db/index.js';
import { bots, crmContactIdentities, crmContacts, crmDeals, crmPipelineStages, smsOptOuts } from '../../db/schema/index.js';
import { openTestDatabase, type TestDatabase } from '../support/drivers.js';

// The campaigns' storage (db/crm-campaigns-repo.ts) on PGlite, or on a scratch PostgreSQL database when DATABASE_URL is set.
let handle: TestDatabase;
let repo: CrmCampaignsRepo;
let counter = 0;
beforeAll(async () => {
  handle = await openTestDatabase();
  repo = createCrmCampaignsRepo(handle.db);
});
afterAll(async () => { await handle.close(); });

async function bot(): Promise<string> {
  counter += 1;
  const [row] = await handle.db.insert(bots).values({ name: `campaign-bot-${counter}` }).returning();
  return row!.id;
}

describe('campaigns repository', () => {
  test('segment rows once each, opt-outs skipped, claims, statuses by provider id, replies and counts', async () => {
    const botId = await bot();
    const contacts = await handle.db.insert(crmContacts).values([
      { bot_id: botId, phone: '+15550000001', tags: ['vip'], tier: 'gold' },
      { bot_id: botId, phone: '+15550000002', tags: ['vip'] },
      { bot_id: botId, phone: '+15550000003', tags: ['vip'], unsubscribed_at: new Date() },
      { bot_id: botId, phone: '+15550000004', tags: ['vip'] },
      { bot_id: botId, phone: '+15550000005', tags: ['other'] },
      { bot_id: botId, email: 'nophone@example.com', tags: ['vip'] },
    ]).returning();
    await handle.db.insert(smsOptOuts).values({ phone: '+15550000004', keyword: 'STOP' });
    const campaign = await repo.create({ bot_id: botId, name: 'Spring', ref: 'spring', ad_id: 'AD1', channel: 'mobile_msg', template: 't', segment: 'tag:vip' });

    expect(await repo.addSegment({ id: campaign.id, bot_id: botId, channel: 'mobile_msg' }, { kind: 'tag', tag: 'vip' })).toBe(4);
    expect(await repo.addSegment({ id: campaign.id, bot_id: botId, channel: 'mobile_msg' }, { kind: 'tag', tag: 'vip' })).toBe(0);
    expect(await repo.skipOptedOut(campaign.id)).toBe(2);

    const claimed = await repo.claimPending(campaign.id, 10, new Date());
    expect(claimed.map((c) => c.address).sort()).toEqual(['15550000001', '15550000002']);
    expect(await repo.claimPending(campaign.id, 10, new Date())).toEqual([]);
    expect(await repo.hasClaimsInFlight(campaign.id)).toBe(true);
    await repo.markSent(claimed[0]!.id, 'wamid.A');
    await repo.markSent(claimed[1]!.id, 'wamid.B');
    expect(await repo.applyDeliveryStatus('wamid.A', 'delivered', undefined, new Date())).toBe(true);
    expect(await repo.applyDeliveryStatus('wamid.B', 'failed', '131026: undeliverable', new Date())).toBe(true);
    expect(await repo.applyDeliveryStatus('wamid.unknown', 'delivered', undefined, new Date())).toBe(false);

    const since = new Date(Date.now() - 60_000);
    expect(await repo.awaitsReplies(botId, 'mobile_msg', since)).toBe(false); // still a draft
    await repo.transition(campaign.id, ['draft'], 'running');
    expect(await repo.awaitsReplies(botId, 'mobile_msg', since)).toBe(true);
    const reply = await repo.findRepliable(botId, 'mobile_msg', claimed.find((c) => c.id === claimed[0]!.id)!.address, since, new Date());
    expect(reply).toMatchObject({ campaign_id: campaign.id, handoff_on_reply: false });
    await repo.markReplied(reply!.recipient_id, new Date());

    const counts = await repo.counts(campaign.id);
    expect(counts).toMatchObject({ recipients: 4, sent: 1, delivered: 1, failed: 1, skipped: 2, replied: 1, pending: 0 });

    // Deals won: those in a stage with probability 100.
    await handle.db.insert(crmPipelineStages).values([{ name: `won-${counter}`, probability: 100, order_index: 9 }, { name: `lead-${counter}`, probability: 10 }]);
    await handle.db.insert(crmDeals).values([
      { bot_id: botId, name: 'A', value: 100, stage: `won-${counter}`, campaign_id: campaign.id, contact_id: contacts[0]!.id },
      { bot_id: botId, name: 'B', value: 50, stage: `lead-${counter}`, campaign_id: campaign.id },
    ]);
    expect(await repo.dealsWon(campaign.id)).toEqual({ deals: 2, won: 1, won_value: 100 });

    expect((await repo.findForReferral(botId, { ref: 'spring' }))?.id).toBe(campaign.id);
    expect((await repo.findForReferral(botId, { ad_id: 'AD1' }))?.id).toBe(campaign.id);
    expect(await repo.findForReferral(botId, { ref: 'nope' })).toBeUndefined();
    expect(await repo.unsubscribeByPhone('+15550000002', new Date())).toBe(1);
  });

  test('bot_msg recipients are the contacts\' chat ids; a stale claim fails instead of sending again', async () => {
    const botId = await bot();
    const [contact] = await handle.db.insert(crmContacts).values({ bot_id: botId, first_name: 'Ana' }).returning();
    await handle.db.insert(crmContactIdentities).values({ bot_id: botId, contact_id: contact!.id, channel: 'bot_msg', external_id: '424242' });
    const campaign = await repo.create({ bot_id: botId, name: 'Deep', channel: 'bot_msg', message: 'Hi' });
    expect(await repo.addSegment({ id: campaign.id, bot_id: botId, channel: 'bot_msg' }, { kind: 'all' })).toBe(1);
    const [claimed] = await repo.claimPending(campaign.id, 5, new Date(Date.now() - 3_600_000));
    expect(claimed?.address).toBe('424242');
    expect(await repo.failInterrupted(campaign.id, new Date(Date.now() - 600_000))).toBe(1);
    expect((await repo.counts(campaign.id)).failed).toBe(1);
  });
});
