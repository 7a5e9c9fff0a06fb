/**
 * A LiveKit-compatible room and egress service on 127.0.0.1 (port 0) for tests: Twirp JSON
 * (`POST /twirp/livekit.RoomService/{Method}`, `POST /twirp/livekit.Egress/{Method}`) as
 * livekit-server-sdk's RoomServiceClient and EgressClient speak it. Every call must carry a bearer
 * JWT signed with the API secret, issued by the API key, whose video grant allows the call
 * (`roomCreate` for the room service, `roomRecord` for egress); otherwise 401 as the real server
 * answers. Records the calls with their verified grants.
 */
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { createFakeProviderServer } from './fake-provider-server.js';

export interface FakeLiveKitCall {
  method: string;
  body: Record<string, unknown>;
  grants: Record<string, unknown>;
}

export interface FakeLiveKit {
  readonly url: string;
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly calls: FakeLiveKitCall[];
  /** Rooms created and not deleted, by name. */
  readonly rooms: Map<string, Record<string, unknown>>;
  /**
   * Egresses (recordings) by id, with their `status` (`EGRESS_ACTIVE`, then `EGRESS_COMPLETE`); a
   * test may set `EGRESS_ENDING`, which is still listed as active but refuses StopEgress.
   */
  readonly egresses: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startFakeLiveKit(apiKey = 'APIfake', apiSecret = 'fake-livekit-secret-of-32-characters!'): Promise<FakeLiveKit> {
  const calls: FakeLiveKitCall[] = [];
  const rooms = new Map<string, Record<string, unknown>>();
  const egresses = new Map<string, Record<string, unknown>>();
  const key = new TextEncoder().encode(apiSecret);
  const twirpError = (res: ServerResponse, status: number, code: string, msg: string) =>
    void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, msg }));
  const server = createFakeProviderServer(async (req, res, raw) => {
    const match = /^\/twirp\/livekit\.(RoomService|Egress)\/(\w+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return twirpError(res, 404, 'bad_route', 'no such method');
    const needed = match[1] === 'Egress' ? 'roomRecord' : 'roomCreate';
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const verified = token ? await jwtVerify(token, key, { issuer: apiKey }).catch(() => undefined) : undefined;
    const grants = (verified?.payload.video ?? {}) as Record<string, unknown>;
    if (!verified || grants[needed] !== true) return twirpError(res, 401, 'unauthenticated', `invalid token or missing ${needed} grant`);
    const body = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
    const method = match[2]!;
    calls.push({ method, body, grants });
    const json = (value: unknown) => void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    switch (method) {
      case 'CreateRoom': {
        const room = { sid: `RM_${rooms.size + 1}`, name: body.name, maxParticipants: body.maxParticipants, emptyTimeout: body.emptyTimeout, creationTime: String(Math.floor(Date.now() / 1000)) };
        rooms.set(String(body.name), room);
        return json(room);
      }
      case 'DeleteRoom':
        if (!rooms.delete(String(body.room))) return twirpError(res, 404, 'not_found', 'room not found');
        return json({});
      case 'StartRoomCompositeEgress': {
        if (!rooms.has(String(body.roomName))) return twirpError(res, 404, 'not_found', 'room not found');
        const egress = { egressId: `EG_${egresses.size + 1}`, roomName: body.roomName, status: 'EGRESS_ACTIVE', request: body };
        egresses.set(egress.egressId, egress);
        return json({ egressId: egress.egressId, roomName: egress.roomName, status: egress.status });
      }
      case 'ListEgress':
        return json({
          items: [...egresses.values()]
            .filter((e) => (!body.roomName || e.roomName === body.roomName) && (!body.active || ['EGRESS_STARTING', 'EGRESS_ACTIVE', 'EGRESS_ENDING'].includes(String(e.status))))
            .map(({ egressId, roomName, status }) => ({ egressId, roomName, status })),
        });
      case 'StopEgress': {
        const egress = egresses.get(String(body.egressId));
        if (!egress || egress.status !== 'EGRESS_ACTIVE') return twirpError(res, 412, 'failed_precondition', 'egress is not active');
        egress.status = 'EGRESS_COMPLETE';
        return json({ egressId: egress.egressId, roomName: egress.roomName, status: egress.status });
      }
      default:
        return twirpError(res, 404, 'bad_route', `${method} is not faked`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`, apiKey, apiSecret, calls, rooms, egresses,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
