/**
 * The embedded provider's signalling (docs/meetings.md, "Embedded"): who is in which room on this
 * instance, admission up to the room's `max_participants`, and the relay of offers, answers and
 * ICE candidates between peers of a room. Media never passes here. The socket glue is
 * http/meet-socket.ts; the room's life (start, screen share, end) goes back through `hooks`.
 */

/** A frame the server sends to a peer. */
export type HubFrame =
  | { type: 'welcome'; id: string; peers: { id: string; name: string }[] }
  | { type: 'peer-joined'; id: string; name: string }
  | { type: 'peer-left'; id: string }
  | { type: 'signal'; from: string; data: unknown }
  | { type: 'screen'; from: string; on: boolean }
  | { type: 'ended' };

export interface HubPeer {
  id: string;
  name: string;
  send(frame: HubFrame): void;
  /** Closes the peer's socket with an application code. */
  close(code: number, reason: string): void;
}

export interface HubHooks {
  /** Two peers are connected for the first time in this room. */
  onStarted(room: string): void;
  onScreenShare(room: string): void;
  /** The last peer left a room where a call took place. */
  onEmpty(room: string): void;
}

/** Close codes of the meeting socket. */
export const MEET_WS_CLOSE = { unauthorized: 4401, full: 4409, gone: 4410, goingAway: 1001 } as const;

export interface MeetHub {
  /** Admits the peer, or false when the room already holds `max` peers. */
  join(room: string, peer: HubPeer, max: number): boolean;
  leave(room: string, peerId: string): void;
  /** Relays `data` from one peer to another of the same room; false when the target is not there. */
  signal(room: string, from: string, to: string, data: unknown): boolean;
  screen(room: string, from: string, on: boolean): void;
  /** Tells every peer the room ended and closes them. */
  end(room: string): void;
  size(room: string): number;
  /** Every room's peers are closed (shutdown). */
  closeAll(code: number, reason: string): void;
}

export function createMeetHub(hooks: HubHooks): MeetHub {
  const rooms = new Map<string, Map<string, HubPeer>>();
  const started = new Set<string>();
  return {
    join(room, peer, max) {
      const peers = rooms.get(room) ?? new Map<string, HubPeer>();
      if (peers.size >= max) return false;
      peer.send({ type: 'welcome', id: peer.id, peers: [...peers.values()].map((p) => ({ id: p.id, name: p.name })) });
      for (const other of peers.values()) other.send({ type: 'peer-joined', id: peer.id, name: peer.name });
      peers.set(peer.id, peer);
      rooms.set(room, peers);
      if (peers.size >= 2 && !started.has(room)) {
        started.add(room);
        hooks.onStarted(room);
      }
      return true;
    },
    leave(room, peerId) {
      const peers = rooms.get(room);
      if (!peers?.delete(peerId)) return;
      for (const other of peers.values()) other.send({ type: 'peer-left', id: peerId });
      if (peers.size > 0) return;
      rooms.delete(room);
      if (started.delete(room)) hooks.onEmpty(room);
    },
    signal(room, from, to, data) {
      const target = rooms.get(room)?.get(to);
      if (!target || !rooms.get(room)?.has(from)) return false;
      target.send({ type: 'signal', from, data });
      return true;
    },
    screen(room, from, on) {
      const peers = rooms.get(room);
      if (!peers?.has(from)) return;
      for (const other of peers.values()) if (other.id !== from) other.send({ type: 'screen', from, on });
      if (on) hooks.onScreenShare(room);
    },
    end(room) {
      const peers = rooms.get(room);
      rooms.delete(room);
      started.delete(room);
      for (const peer of peers?.values() ?? []) {
        peer.send({ type: 'ended' });
        peer.close(MEET_WS_CLOSE.gone, 'meeting ended');
      }
    },
    size: (room) => rooms.get(room)?.size ?? 0,
    closeAll(code, reason) {
      for (const peers of rooms.values()) for (const peer of peers.values()) peer.close(code, reason);
      rooms.clear();
      started.clear();
    },
  };
}
