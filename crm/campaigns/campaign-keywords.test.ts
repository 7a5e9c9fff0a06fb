import { describe, expect, test } from '@jest/globals';
import { defaultBotConfig } from '../../config/index.js';
import { addToCampaign, campaignStats, trackConversion } from './campaign-keywords.js';

// The BASIC campaign keywords on a bot whose crm-enabled is false (docs/crm.md): refused before any read or write.
describe('campaign keywords without the CRM', () => {
  test('ADD TO CAMPAIGN, TRACK CONVERSION and GET CAMPAIGN STATS answer crm_disabled and touch nothing', async () => {
    const touched: string[] = [];
    const store = new Proxy({}, { get: (_t, name) => async () => { touched.push(String(name)); return undefined; } });
    const off = { id: 'bot-off', name: 'off', config: { ...defaultBotConfig(), 'crm-enabled': false } };
    const deps = { store, bots: () => off } as unknown as Parameters<typeof addToCampaign>[0];
    await expect(addToCampaign(deps, off.id, 'spring', '+5511987650001', undefined)).rejects.toMatchObject({ code: 'crm_disabled' });
    await expect(trackConversion(deps, off.id, 'spring', 'Order', 10, undefined)).rejects.toMatchObject({ code: 'crm_disabled' });
    await expect(campaignStats(deps, off.id, 'spring')).rejects.toMatchObject({ code: 'crm_disabled' });
    expect(touched).toEqual([]);
  });
});
