import { createMeetHub, MEET_WS_CLOSE, type HubFrame, type HubPeer } from './meet-hub.js';

function peer(id: string): HubPeer & { frames: HubFrame[]; closed?: number } {
  const p: HubPeer & { frames: HubFrame[]; closed?: number } = {
    id, name: id.toUpperCase(), frames: [],
    send: (frame) => void p.frames.push(frame),
    close: (code) => void (p.closed = code),
  };
  return p;
}

describe('meet hub', () => {
  const events: string[] = [];
  const hub = createMeetHub({
    onStarted: (room) => void events.push(`started ${room}`),
    onScreenShare: (room) => void events.push(`screen ${room}`),
    onEmpty: (room) => void events.push(`empty ${room}`),
  });

  test('admits up to the room limit, introduces peers and relays signals within a room only', () => {
    const [a, b, c] = [peer('a'), peer('b'), peer('c')];
    expect(hub.join('r', a, 2)).toBe(true);
    expect(a.frames).toEqual([{ type: 'welcome', id: 'a', peers: [] }]);
    expect(hub.join('r', b, 2)).toBe(true);
    expect(b.frames).toEqual([{ type: 'welcome', id: 'b', peers: [{ id: 'a', name: 'A' }] }]);
    expect(a.frames[1]).toEqual({ type: 'peer-joined', id: 'b', name: 'B' });
    expect(events).toEqual(['started r']);
    expect(hub.join('r', c, 2)).toBe(false);
    expect(hub.size('r')).toBe(2);

    expect(hub.signal('r', 'a', 'b', { sdp: 'offer' })).toBe(true);
    expect(b.frames.at(-1)).toEqual({ type: 'signal', from: 'a', data: { sdp: 'offer' } });
    expect(hub.signal('other', 'a', 'b', {})).toBe(false);
    expect(hub.signal('r', 'c', 'b', {})).toBe(false);

    hub.screen('r', 'b', true);
    expect(a.frames.at(-1)).toEqual({ type: 'screen', from: 'b', on: true });
    expect(events).toContain('screen r');
  });

  test('the last peer leaving a started room empties it; ending closes everyone with 4410', () => {
    hub.leave('r', 'a');
    hub.leave('r', 'b');
    expect(events.at(-1)).toBe('empty r');
    const [d, e] = [peer('d'), peer('e')];
    hub.join('s', d, 4);
    hub.join('s', e, 4);
    hub.end('s');
    expect(d.frames.at(-1)).toEqual({ type: 'ended' });
    expect([d.closed, e.closed]).toEqual([MEET_WS_CLOSE.gone, MEET_WS_CLOSE.gone]);
    expect(hub.size('s')).toBe(0);
  });
});
