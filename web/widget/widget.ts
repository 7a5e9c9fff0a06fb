/**
 * The embeddable chat widget: `<script src="{server}/widget.js" data-bot="{bot}" async></script>`
 * adds a launcher and a chat panel talking to the bot's web channel. The visitor's session token
 * is kept in localStorage, so a reload continues the conversation; a lost socket reconnects with
 * backoff and catches up from the transcript.
 */
import { ChannelError, UPLOAD_MAX_BYTES, WebChannelClient, type ChatFile, type ChatLine, type PushFrame } from './widget-client.js';
import { chooseLanguage, t, useLanguage } from './widget-i18n.js';
import { WidgetView, type VisitorDetails } from './widget-view.js';
import { pageReferral } from './page-referral.js';
import { VoiceController } from './voice-controller.js';
import { CobrowseController } from './cobrowse-controller.js';
import { CobrowseBox } from './cobrowse-view.js';
import { loadRecorder } from './cobrowse-loader.js';

const RECONNECT_MAX_MS = 10_000;
const TYPING_SHOWN_MS = 4_000;
const TYPING_EVERY_MS = 1_000;

/** What the visitor reads when a file is refused, by the upload's status (keys of the widget catalogue). */
const UPLOAD_ERRORS: Record<number, () => string> = {
  413: () => t('error.file_too_big', { megabytes: UPLOAD_MAX_BYTES / (1024 * 1024) }),
  429: () => t('error.too_many_files'),
  401: () => t('error.session_ended'),
};

class ChatWidget {
  private lines: ChatLine[] = [];
  private open = false;
  private unread = 0;
  private socket: WebSocket | undefined;
  private retryMs = 500;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private lastTyping = 0;
  private readonly view: WidgetView;
  private readonly storageKey: string;
  private readonly visitorKey: string;
  private readonly voice: VoiceController;
  private readonly cobrowse: CobrowseController;

  /**
   * @param voice the bot has a voice service: the microphone button shows (docs/channels/web.md, "Voice").
   * @param calls the bot takes calls from the browser: the Call button shows (docs/channels/web.md, "Calls").
   * @param prechatForm the bot's `web-prechat-form`: a new visitor gives a name (and an e-mail) before the chat. */
  constructor(
    host: HTMLElement,
    private readonly client: WebChannelClient,
    bot: string,
    title: string,
    prechatForm = false,
    voice = false,
    calls = false,
    /** The Switchboard server's origin, where the co-browse recorder is loaded from. */
    server = location.origin,
  ) {
    this.storageKey = `switchboard-widget:${bot}`;
    this.visitorKey = `switchboard-widget:${bot}:visitor`;
    this.view = new WidgetView(host, title, {
      onSend: (text) => void this.send(text),
      onAttach: (file) => void this.attach(file),
      onToggle: (open) => this.toggle(open),
      onTyping: () => this.typing(),
      onDetails: (details) => {
        this.visitor = details;
        this.view.setAsking(false);
      },
      onMicrophone: (action) => this.voice.microphone(action),
      onCall: (start) => (start ? this.voice.startCall() : this.voice.hangUp()),
    });
    this.voice = new VoiceController({
      client, view: this.view,
      token: () => this.token,
      dropToken: () => {
        this.token = undefined;
      },
      say: (text) => this.append({ from: 'system', text }),
      send: (file) => this.send('', [file]),
      uploadError: (status) => UPLOAD_ERRORS[status]?.(),
    });
    // Co-browse (docs/attendance/co-browse.md): only on the visitor's "Allow", over the push socket.
    this.cobrowse = new CobrowseController(
      (frame) => {
        if (this.socket?.readyState !== WebSocket.OPEN) return false;
        this.socket.send(JSON.stringify(frame));
        return true;
      },
      new CobrowseBox(this.view.cobrowseSlot, (text) => this.append({ from: 'system', text })),
      () => loadRecorder(new URL('/cobrowse.js', server).href),
    );
    this.view.setVoice(voice);
    this.view.setCalls(calls);
    window.addEventListener('online', () => this.reconnectNow());
    // A visitor who is already chatting, or already said who they are, is not asked again.
    if (prechatForm && !this.token && !this.visitor) this.view.setAsking(true);
    if (this.token) this.connect();
  }

  /** The name and e-mail the pre-chat form took, kept with the token so a reload or a new session still sends them. */
  private get visitor(): VisitorDetails | undefined {
    try {
      const kept = JSON.parse(localStorage.getItem(this.visitorKey) ?? 'null') as Partial<VisitorDetails> | null;
      return typeof kept?.name === 'string' && kept.name ? { name: kept.name, ...(typeof kept.email === 'string' && kept.email ? { email: kept.email } : {}) } : undefined;
    } catch {
      return undefined;
    }
  }

  private set visitor(value: VisitorDetails | undefined) {
    if (value) localStorage.setItem(this.visitorKey, JSON.stringify(value));
    else localStorage.removeItem(this.visitorKey);
  }

  private get token(): string | undefined {
    return localStorage.getItem(this.storageKey) ?? undefined;
  }

  private set token(value: string | undefined) {
    if (value) localStorage.setItem(this.storageKey, value);
    else localStorage.removeItem(this.storageKey);
  }

  private toggle(open: boolean): void {
    this.open = open;
    if (open) this.unread = 0;
    this.view.setUnread(this.unread);
    this.view.setOpen(open);
  }

  private append(line: ChatLine): void {
    this.lines.push(line);
    if (line.from !== 'customer' && !this.open) this.unread += 1;
    this.view.setUnread(this.unread);
    this.view.render(this.lines);
  }

  /** Tells the attendant the visitor is typing, at most once a second (the server drops more). */
  private typing(): void {
    const now = Date.now();
    if (this.socket?.readyState !== WebSocket.OPEN || now - this.lastTyping < TYPING_EVERY_MS) return;
    this.lastTyping = now;
    this.socket.send(JSON.stringify({ type: 'typing' }));
  }

  private async send(text: string, attachments: ChatFile[] = []): Promise<void> {
    this.append({ from: 'customer', text, ...(attachments.length ? { attachments } : {}) });
    const before = this.token;
    try {
      const answer = await this.sendOnce(text, before, attachments);
      this.token = answer.token;
      // While the socket is open it brings the replies too; otherwise the answer is all we get.
      if (this.socket?.readyState !== WebSocket.OPEN || answer.token !== before) answer.replies.forEach((r) => this.append(r));
      // Replies the bot speaks (the visitor spoke, or voice replies are on) carry their audio: played inline.
      this.speak(answer.replies.flatMap((r) => r.attachments ?? []));
      if (answer.token !== before) this.connect();
    } catch (err) {
      this.append({ from: 'system', text: err instanceof ChannelError && err.status === 429 ? t('error.too_many_messages') : t('error.not_sent') });
    }
  }

  /**
   * Uploads the chosen file, then sends it with what the visitor typed (docs/channels/web.md,
   * "Files from the visitor"). An upload needs the session token, so a visitor says something first.
   */
  private async attach(file: File): Promise<void> {
    const token = this.token;
    if (!token) {
      this.append({ from: 'system', text: t('error.attach_first') });
      return;
    }
    this.view.setUploading(true);
    try {
      const uploaded = await this.client.upload(file, token);
      await this.send(this.view.takeDraft(), [uploaded]);
    } catch (err) {
      const status = err instanceof ChannelError ? err.status : 0;
      if (status === 401) this.token = undefined;
      this.append({ from: 'system', text: UPLOAD_ERRORS[status]?.() ?? t('error.file_not_sent') });
    } finally {
      this.view.setUploading(false);
    }
  }

  /** Sends; a token the server no longer accepts (401) is dropped and the text starts a new session. */
  private async sendOnce(text: string, token: string | undefined, attachments: ChatFile[]) {
    try {
      return await this.client.send(text, token, crypto.randomUUID(), attachments, this.visitor);
    } catch (err) {
      if (!(err instanceof ChannelError && err.status === 401 && token)) throw err;
      this.token = undefined;
      return this.client.send(text, undefined, crypto.randomUUID(), attachments, this.visitor);
    }
  }

  /** (Re)opens the push socket for the current token, then catches up from the transcript. */
  private connect(): void {
    const token = this.token;
    if (!token) return;
    this.cobrowse.lost();
    this.socket?.close();
    clearTimeout(this.retryTimer);
    this.view.setConnection(t('connection.connecting'));
    const socket = this.client.connect(token, (frame) => this.onFrame(frame));
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.retryMs = 500;
      this.view.setConnection(t('connection.online'));
      void this.catchUp(token);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return; // replaced on purpose
      this.socket = undefined;
      this.cobrowse.lost();
      if (event.code === 4401) {
        this.token = undefined;
        this.view.setConnection('');
        return; // the token no longer opens a session: the next message starts a new one
      }
      this.view.setConnection(t('connection.reconnecting'));
      this.retryTimer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    });
  }

  private reconnectNow(): void {
    if (!this.socket && this.token) this.connect();
  }

  private async catchUp(token: string): Promise<void> {
    try {
      const history = await this.client.history(token);
      const last = this.lines.at(-1);
      const lastOfHistory = history.at(-1);
      // The transcript carries no suggestions: keep those of a last line that is still the last.
      if (last?.suggestions && lastOfHistory && lastOfHistory.text === last.text) lastOfHistory.suggestions = last.suggestions;
      const fresh = history.length - this.lines.length;
      // The first read after a page load is the past, not news: only later catch-ups count as unread.
      if (!this.open && fresh > 0 && this.lines.length > 0) this.unread += history.slice(-fresh).filter((l) => l.from !== 'customer').length;
      this.lines = history;
      this.view.setUnread(this.unread);
      this.view.render(this.lines);
    } catch (err) {
      if (err instanceof ChannelError && (err.status === 401 || err.status === 404)) this.token = undefined;
    }
  }

  private onFrame(frame: PushFrame): void {
    if (frame.type === 'cobrowse') return this.cobrowse.onPush(frame.push);
    if (frame.type === 'typing') {
      this.view.setTyping(frame.from === 'attendant' ? t('typing.attendant') : t('typing.someone'));
      clearTimeout(this.typingTimer);
      this.typingTimer = setTimeout(() => this.view.setTyping(undefined), TYPING_SHOWN_MS);
      return;
    }
    this.view.setTyping(undefined);
    this.append(frame.line);
    // An attendant's reply under /voice on comes with its speech (the visitor's own turns are spoken from the answer, in send).
    if (frame.line.from !== 'customer') this.speak(frame.line.attachments ?? []);
  }

  /** Plays the spoken audio among `files` (an audio attachment marked `voice`, docs/channels/web.md, "Voice"). */
  private speak(files: readonly ChatFile[]): void {
    for (const file of files) if (file.voice && file.type === 'audio') this.view.speak(file.url);
  }
}

function start(): void {
  const script = document.currentScript as HTMLScriptElement | null ?? document.querySelector<HTMLScriptElement>('script[data-bot][src*="widget.js"]');
  const bot = script?.dataset.bot;
  if (!script || !bot) {
    console.warn('switchboard widget: add data-bot="<bot name>" to the script tag');
    return;
  }
  const server = new URL(script.src, location.href).origin;
  const client = new WebChannelClient(server, bot, pageReferral(location.href));
  // The bot's settings first (its language, unless the tag names one, and its pre-chat form), then the DOM.
  const info = client.info().catch(() => ({ language: null, prechatForm: false, voice: false, call: false }));
  const mount = (settings: { prechatForm: boolean; voice: boolean; call: boolean }) => {
    const host = document.createElement('switchboard-chat');
    document.body.append(host);
    new ChatWidget(host, client, bot, script.dataset.title ?? t('title'), settings.prechatForm, settings.voice, settings.call, server);
  };
  const attribute = script.dataset.language;
  void info
    .then(async (settings) => {
      await useLanguage(chooseLanguage({ attribute, bot: attribute ? undefined : settings.language, browser: navigator.languages }));
      return settings;
    })
    .then((settings) => {
      // A tag in <head> runs before <body> exists.
      if (document.body) mount(settings);
      else document.addEventListener('DOMContentLoaded', () => mount(settings), { once: true });
    });
}

start();
