import type { ConversationRow, SessionRow } from '../../db/index.js';
import type { ConversationEvent } from '../conversation-events.js';
import { createDestinationRegistry, destinationOf, type AttendantDestination } from './destination-registry.js';

const config = (d: 'workchat' | 'team_chat' | 'mobile_msg' | 'web') => ({ 'attendance-default-destination': d });

describe('destinationOf', () => {
  test('the transfer\'s destination wins when it names a known one; otherwise the bot\'s default', () => {
    expect(destinationOf(config('workchat'), {})).toBe('workchat');
    expect(destinationOf(config('workchat'), { destination: 'team_chat' })).toBe('team_chat');
    expect(destinationOf(config('web'), { destination: ' Mobile_Msg ' })).toBe('mobile_msg');
    expect(destinationOf(config('team_chat'), { destination: 'fax' })).toBe('team_chat');
    expect(destinationOf(config('team_chat'), { destination: null })).toBe('team_chat');
  });
});

describe('createDestinationRegistry', () => {
  const row = (session_id: string) => ({ session_id, bot_id: 'bot-1' }) as ConversationRow;
  const queued = [{ name: 'conversation.queued', payload: { session_id: 's', from: 'none', to: 'waiting', at: '' } }] as ConversationEvent[];
  const contexts: Record<string, Record<string, unknown>> = { plain: {}, toMobile: { destination: 'mobile_msg' }, toWeb: { destination: 'web' } };
  const sessions = { findById: async (id: string) => ({ id, context_data: contexts[id] ?? {} }) as SessionRow };

  function recording(name: AttendantDestination['name'], seen: string[]): AttendantDestination {
    return {
      name,
      conversationChanged: async (r) => { seen.push(`${name} changed ${r.session_id}`); },
      customerMessage: async (r, text) => { seen.push(`${name} message ${r.session_id} ${text}`); },
    };
  }

  test('each conversation reaches only its destination; web and unplugged destinations reach none', async () => {
    const seen: string[] = [];
    const registry = createDestinationRegistry({
      destinations: [recording('team_chat', seen), recording('mobile_msg', seen)],
      repos: { sessions }, config: () => config('team_chat'),
    });
    await registry.conversationChanged!(row('plain'), queued);
    await registry.conversationChanged!(row('toMobile'), queued);
    await registry.customerMessage!(row('toMobile'), 'hello');
    await registry.conversationChanged!(row('toWeb'), queued);
    const workchatDefault = createDestinationRegistry({ destinations: [recording('team_chat', seen)], repos: { sessions }, config: () => config('workchat') });
    await workchatDefault.conversationChanged!(row('plain'), queued);
    expect(seen).toEqual(['team_chat changed plain', 'mobile_msg changed toMobile', 'mobile_msg message toMobile hello']);
  });

  test('two destinations with one name refuse to start', () => {
    expect(() => createDestinationRegistry({ destinations: [recording('web', []), recording('web', [])], repos: { sessions }, config: () => undefined }))
      .toThrow('Two attendant destinations are named web');
  });
});
