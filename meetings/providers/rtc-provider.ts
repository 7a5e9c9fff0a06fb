/**
 * The rtc provider (docs/meetings.md, "rtc"): a LiveKit-compatible server at `rtc-url`, reached
 * through livekit-server-sdk. Rooms go through its room service (Twirp), recordings through its
 * egress service (a room-composite egress to `rtc-storage-bucket`), tokens are its access tokens
 * with video grants, and its signed webhooks are verified with the same key and secret.
 */
import type { EgressClient, RoomServiceClient, WebhookEvent } from 'livekit-server-sdk';
import { UpstreamError } from '../../infra/errors.js';
import { refusalBehind } from '../../infra/outbound-http.js';
import { outboundPool } from '../../infra/outbound-pool.js';
import type { MeetingProvider } from '../ports.js';

export interface RtcSettings {
  url: string;
  apiKey: string;
  apiSecret: string;
  /** The bot's `http-allow-private-networks`: the server is reached through the outbound door (guarded-twirp.ts). */
  allowPrivateNetworks: boolean;
}

/** A room or participant event of the rtc server, as meetings/rtc-webhook.ts reads it. */
export interface RtcEvent {
  event: string;
  room?: string;
  participants?: number;
  identity?: string;
  screenShare: boolean;
  at: Date;
}

/**
 * The SDK with its protocol buffers is a few hundred modules: it loads with the first call to an rtc
 * server, so a deployment on the embedded provider never loads it (docs/performance.md, "Start-up").
 */
const loadSdk = () => import('livekit-server-sdk');

export function createRtcProvider(settings: RtcSettings): MeetingProvider {
  let clients: Promise<{ rooms: RoomServiceClient; egress: EgressClient }> | undefined;
  const connect = () => (clients ??= Promise.all([loadSdk(), import('./guarded-twirp.js')]).then(([sdk, { guardedTwirp, withTransport }]) => {
    const transport = guardedTwirp(settings.url, outboundPool({ allowPrivateNetworks: settings.allowPrivateNetworks }).fetch);
    return {
      rooms: withTransport(new sdk.RoomServiceClient(settings.url, settings.apiKey, settings.apiSecret), transport),
      egress: withTransport(new sdk.EgressClient(settings.url, settings.apiKey, settings.apiSecret), transport),
    };
  }));
  const upstream = (what: string) => (error: unknown): never => {
    const refused = refusalBehind(error);
    if (refused) throw new UpstreamError(`The real-time server may not be reached to ${what}: ${refused.message}`, 'rtc_error');
    throw new UpstreamError(`The real-time server refused to ${what}: ${error instanceof Error ? error.message : String(error)}`, 'rtc_error');
  };
  return {
    kind: 'rtc',
    // Clients connect over WebSocket to the same host.
    url: settings.url.replace(/^http/, 'ws'),
    async createRoom(room) {
      const { rooms } = await connect();
      await rooms.createRoom({ name: room.name, maxParticipants: room.maxParticipants, emptyTimeout: room.emptyTimeoutSeconds }).catch(upstream('create the room'));
    },
    async deleteRoom(name) {
      const { rooms } = await connect();
      await rooms.deleteRoom(name).catch((error: unknown) => {
        // A room the server already closed (empty timeout) is what we wanted.
        if (error instanceof Error && /not.?found/i.test(error.message)) return;
        upstream('end the room')(error);
      });
    },
    async startRecording({ name, media, bucket }) {
      // The egress service uploads with its own storage credentials; we name the bucket and the file
      // (`{time}` is filled in by the egress service).
      const [{ egress }, { EncodedFileOutput, EncodedFileType, S3Upload }] = await Promise.all([connect(), loadSdk()]);
      const audio = media === 'audio';
      const file = new EncodedFileOutput({
        fileType: audio ? EncodedFileType.OGG : EncodedFileType.MP4,
        filepath: `${name}/{time}.${audio ? 'ogg' : 'mp4'}`,
        output: { case: 's3', value: new S3Upload({ bucket }) },
      });
      await egress.startRoomCompositeEgress(name, { file }, { audioOnly: audio }).catch(upstream('start recording the room'));
    },
    async stopRecording(name) {
      const { egress } = await connect();
      const active = await egress.listEgress({ roomName: name, active: true }).catch(upstream('list the room\'s recordings'));
      for (const info of active) {
        await egress.stopEgress(info.egressId).catch((error: unknown) => {
          // An egress already ending (or gone) between the list and the stop is what we wanted.
          const code = (error as { code?: unknown }).code;
          if (code === 'failed_precondition' || code === 'not_found') return;
          upstream('stop recording the room')(error);
        });
      }
    },
    async token(grant) {
      const { AccessToken, TrackSource } = await loadSdk();
      const token = new AccessToken(settings.apiKey, settings.apiSecret, { identity: grant.identity, name: grant.name, ttl: grant.ttlSeconds });
      token.addGrant({
        room: grant.room, roomJoin: true, canPublish: grant.canPublish, canSubscribe: grant.canSubscribe, canPublishData: true,
        roomAdmin: grant.roomAdmin,
        // Guests share camera and microphone; screen sharing is for the room's admins (attendants).
        ...(grant.roomAdmin ? {} : { canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE] }),
      });
      return token.toJwt();
    },
  };
}

/** Checks a webhook's signature (the Authorization JWT over the body's SHA-256); undefined when forged. */
export async function verifyRtcWebhook(settings: RtcSettings, body: string, authorization: string | undefined): Promise<RtcEvent | undefined> {
  const { TrackSource, WebhookReceiver } = await loadSdk();
  let event: WebhookEvent;
  try {
    event = await new WebhookReceiver(settings.apiKey, settings.apiSecret).receive(body, authorization);
  } catch {
    return undefined;
  }
  return {
    event: event.event,
    ...(event.room?.name ? { room: event.room.name } : {}),
    ...(event.room ? { participants: event.room.numParticipants } : {}),
    ...(event.participant?.identity ? { identity: event.participant.identity } : {}),
    screenShare: event.track?.source === TrackSource.SCREEN_SHARE,
    at: event.createdAt ? new Date(Number(event.createdAt) * 1000) : new Date(),
  };
}
