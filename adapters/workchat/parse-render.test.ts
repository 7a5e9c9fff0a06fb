import { readActivity } from './activity-schema.js';
import { attendantOfferCard } from './attendant-card.js';
import { parseActivity } from './parse-activity.js';
import { MAX_SUGGESTED_ACTIONS, renderActivity } from './render-activity.js';

const now = new Date('2026-11-25T08:00:00Z');
const activity = (extra: Record<string, unknown>) => ({
  type: 'message', id: 'act-1', serviceUrl: 'https://smba.example.test/emea/', channelId: 'msteams',
  from: { id: '29:carla', name: 'Carla', aadObjectId: 'aad-carla' }, recipient: { id: '28:bot' },
  conversation: { id: 'a:conv', tenantId: 't-1' }, ...extra,
});
const parse = (extra: Record<string, unknown>) => parseActivity(readActivity(activity(extra))!, { bot: 'shop', now });

describe('workchat activities in', () => {
  test('a message: the conversation is the customer, the @-mention is dropped, the activity id dedupes', () => {
    expect(parse({ text: '<at>Shop</at> hello' })).toMatchObject({
      channel: 'workchat', bot: 'shop', customer: { external_id: 'a:conv', display_name: 'Carla' }, text: 'hello',
      provider_message_id: 'act-1', attachments: [],
    });
  });
  test('a pressed button sends its text in value; files with a URL become attachments', () => {
    expect(parse({ value: { text: 'Pizza' } })!.text).toBe('Pizza');
    expect(parse({ text: '', attachments: [{ contentType: 'image/png', contentUrl: 'https://files.example.test/a.png', name: 'a.png' }] })!.attachments)
      .toEqual([{ type: 'image', url: 'https://files.example.test/a.png', mime_type: 'image/png', name: 'a.png' }]);
  });
  test('a file shared in a personal chat is its download link (the SharePoint link needs another token)', () => {
    const shared = (content: unknown) => ({ contentType: 'application/vnd.microsoft.teams.file.download.info', name: 'plan.docx', contentUrl: 'https://contoso.sharepoint.example/plan.docx', content });
    expect(parse({ text: '', attachments: [shared({ downloadUrl: 'https://download.example.test/plan?token=1', fileType: 'docx' })] })!.attachments)
      .toEqual([{ type: 'file', url: 'https://download.example.test/plan?token=1', name: 'plan.docx' }]);
    expect(parse({ text: 'see', attachments: [shared({ fileType: 'docx' }), shared({ downloadUrl: 'file:///etc/passwd' })] })!.attachments).toEqual([]);
  });
  test('no customer message: other activity types, empty messages, bodies that are no activity', () => {
    expect(parse({ type: 'conversationUpdate' })).toBeUndefined();
    expect(parse({ text: '   ' })).toBeUndefined();
    expect(readActivity({ type: 'message', serviceUrl: 'file:///etc/passwd' })).toBeUndefined();
    expect(readActivity('hello')).toBeUndefined();
  });
});

describe('workchat activities out', () => {
  const outbound = { session_id: 's', channel: 'workchat' as const, to: 'a:conv', from: 'bot' as const, text: 'Pick one' };
  test('a menu becomes suggested actions that send the option key back', () => {
    expect(renderActivity({ ...outbound, suggestions: [{ key: 'red', label: 'Red' }] })).toEqual({
      text: 'Pick one', textFormat: 'plain', suggestedActions: { to: [], actions: [{ type: 'imBack', title: 'Red', value: 'red' }] },
    });
  });
  test('a longer menu becomes an Adaptive Card whose buttons send the keys', () => {
    const options = Array.from({ length: MAX_SUGGESTED_ACTIONS + 1 }, (_, i) => ({ key: `k${i}`, label: `Option ${i}` }));
    const rendered = renderActivity({ ...outbound, suggestions: options });
    expect(rendered.suggestedActions).toBeUndefined();
    const card = rendered.attachments![0]!.content as { actions: { title: string; data: { text: string } }[] };
    expect(rendered.attachments![0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.actions.map((a) => [a.title, a.data.text])).toEqual(options.map((o) => [o.label, o.key]));
  });
  test('the attendant card shows customer, channel and message, and Take sends /take', () => {
    const card = attendantOfferCard({ session_id: 'abc', customer: 'Carla', channel: 'sms', message: 'help', reason: 'queued' }).content as {
      body: { facts?: { title: string; value: string }[] }[]; actions: { title: string; data: { text: string } }[];
    };
    expect(card.body.flatMap((b) => b.facts ?? [])).toEqual([
      { title: 'Customer', value: 'Carla' }, { title: 'Channel', value: 'sms' }, { title: 'Message', value: 'help' },
    ]);
    expect(card.actions).toEqual([expect.objectContaining({ title: 'Take', data: expect.objectContaining({ text: '/take abc' }) })]);
  });
});
