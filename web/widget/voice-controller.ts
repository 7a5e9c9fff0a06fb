/**
 * The widget's voice (docs/channels/web.md, "Voice" and "Calls"): the microphone button's voice
 * messages — hold to talk, tap to toggle — and the live call with the bot. What it shows and says
 * goes through the widget (its view, its conversation), which owns the session token.
 */
import { placeCall, type BrowserCall } from './browser-call.js';
import { ChannelError, type ChatFile, type WebChannelClient } from './widget-client.js';
import { t } from './widget-i18n.js';
import type { WidgetView } from './widget-view.js';
import { MicrophoneError, startRecording, type Recording } from './voice-recorder.js';
import type { MicrophoneAction } from './voice-view.js';

/** A press of the microphone held this long is hold-to-talk (sent on release); a shorter one is a tap that toggles. */
const HOLD_MS = 400;

/** What the voice controls use of the widget. */
export interface VoiceHost {
  readonly client: WebChannelClient;
  readonly view: Pick<WidgetView, 'stopSpeaking' | 'setRecording' | 'setLevel' | 'setCall'>;
  /** The visitor's session token; none before their first message. */
  token(): string | undefined;
  /** The server no longer takes the token (401): the next message starts a new session. */
  dropToken(): void;
  /** Tells the visitor something in the conversation (a system line). */
  say(text: string): void;
  /** Sends an uploaded voice message as the visitor's message. */
  send(file: ChatFile): Promise<void>;
  /** What the visitor reads when an upload is refused with this status, if the widget has words for it. */
  uploadError(status: number): string | undefined;
}

export class VoiceController {
  /** The microphone: recording, or opening (the browser may be asking the visitor), or neither. */
  private voice: { recording?: Recording; pressedAt: number; stopWhenOpen: boolean; pressedWhileOn: boolean } | undefined;
  /** A live call with the bot: being placed (`hangUpWhenPlaced` when Hang up came first), or in progress. */
  private call: { placed?: BrowserCall; hangUpWhenPlaced: boolean } | undefined;

  constructor(private readonly host: VoiceHost) {}

  /**
   * Calls the bot live (docs/channels/web.md, "Calls"): the call bar shows while it is placed and
   * while it lasts; a refused microphone, a call that cannot connect and the end of the call are said in the conversation.
   */
  startCall(): void {
    const token = this.host.token();
    if (this.call) return;
    if (!token) {
      this.host.say(t('call.first'));
      return;
    }
    this.host.view.stopSpeaking();
    const call: NonNullable<VoiceController['call']> = { hangUpWhenPlaced: false };
    this.call = call;
    this.host.view.setCall('calling');
    placeCall(this.host.client, token, {
      onConnected: (audio) => this.host.view.setCall('connected', audio),
      onEnded: (why) => {
        if (this.call === call) this.call = undefined;
        this.host.view.setCall(undefined);
        if (why !== 'hung-up') this.host.say(t(why === 'ended' ? 'call.ended' : 'call.failed'));
      },
    }).then((placed) => {
      call.placed = placed;
      if (call.hangUpWhenPlaced) placed.hangUp();
    }, (error: unknown) => {
      if (!(error instanceof MicrophoneError)) return; // a call that failed to connect was told by onEnded
      if (this.call === call) this.call = undefined;
      this.host.view.setCall(undefined);
      this.host.say(t(error.problem === 'denied' ? 'call.denied' : `voice.${error.problem}`));
    });
  }

  hangUp(): void {
    const call = this.call;
    if (!call) return;
    if (call.placed) call.placed.hangUp();
    else call.hangUpWhenPlaced = true;
  }

  /**
   * The microphone button: held past HOLD_MS it records until released (hold to talk); a shorter
   * tap starts recording and the next press sends; a screen reader's click toggles; Escape drops.
   */
  microphone(action: MicrophoneAction): void {
    const voice = this.voice;
    if (action === 'cancel') {
      voice?.recording?.cancel();
      this.voice = undefined;
      this.host.view.setRecording(false);
      return;
    }
    if (action === 'toggle') {
      if (voice) this.stopRecording();
      else this.startRecording();
      return;
    }
    if (action === 'press') {
      if (voice) voice.pressedWhileOn = true;
      else this.startRecording();
      return;
    }
    if (!voice) return;
    if (voice.pressedWhileOn || Date.now() - voice.pressedAt >= HOLD_MS) this.stopRecording();
  }

  private startRecording(): void {
    if (!this.host.token()) {
      this.host.say(t('voice.first'));
      return;
    }
    this.host.view.stopSpeaking();
    const voice: NonNullable<VoiceController['voice']> = { pressedAt: Date.now(), stopWhenOpen: false, pressedWhileOn: false };
    this.voice = voice;
    this.host.view.setRecording(true);
    startRecording((level) => this.host.view.setLevel(level)).then((recording) => {
      if (this.voice !== voice) return recording.cancel();
      voice.recording = recording;
      // Released before the microphone opened (the browser was asking): nothing was said.
      if (voice.stopWhenOpen) this.microphone('cancel');
    }, (error: unknown) => {
      if (this.voice === voice) this.voice = undefined;
      this.host.view.setRecording(false);
      const problem = error instanceof MicrophoneError ? error.problem : 'unsupported';
      this.host.say(t(`voice.${problem}`));
    });
  }

  /** Stops recording and sends the voice message: uploaded, then sent with no text and marked as voice. */
  private stopRecording(): void {
    const voice = this.voice;
    if (!voice) return;
    if (!voice.recording) {
      voice.stopWhenOpen = true;
      return;
    }
    this.voice = undefined;
    this.host.view.setRecording(false);
    void voice.recording.finish().then((audio) => this.sendVoice(audio));
  }

  private async sendVoice(audio: Blob): Promise<void> {
    const token = this.host.token();
    if (audio.size === 0 || !token) return;
    const type = audio.type.split(';')[0] || 'audio/webm';
    try {
      const uploaded = await this.host.client.upload(new File([audio], `voice.${type === 'audio/ogg' ? 'ogg' : 'webm'}`, { type }), token);
      await this.host.send({ ...uploaded, voice: true });
    } catch (err) {
      const status = err instanceof ChannelError ? err.status : 0;
      if (status === 401) this.host.dropToken();
      this.host.say(this.host.uploadError(status) ?? t('voice.not_sent'));
    }
  }
}
