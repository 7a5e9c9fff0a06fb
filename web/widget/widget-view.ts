import type { ChatFile, ChatLine } from './widget-client.js';
import { currentLanguage, isSurveyThanks, t } from './widget-i18n.js';
import { WIDGET_CSS } from './widget-styles.js';
import { holdOrTap, SpokenReplies, type MicrophoneAction } from './voice-view.js';

/** What the visitor does in the widget; the controller (widget.ts) decides what follows. */
export interface ViewEvents {
  onSend(text: string): void;
  /** The visitor chose a file to send (with what they typed, taken by `takeDraft` once it is uploaded). */
  onAttach(file: File): void;
  onTyping(): void;
  onToggle(open: boolean): void;
  /** The visitor filled the pre-chat form (docs/channels/web.md, "The visitor's name"). */
  onDetails(details: VisitorDetails): void;
  /**
   * The microphone button (docs/channels/web.md, "Voice"): `press` when it goes down (pointer,
   * Space or Enter), `release` when it comes up, `toggle` for a click without a press (assistive
   * technology), `cancel` for Escape while recording. The controller tells a hold from a tap.
   */
  onMicrophone(action: MicrophoneAction): void;
  /** The Call button (true) or Hang up (false): a live call with the bot (docs/channels/web.md, "Calls"). */
  onCall(start: boolean): void;
}

/** What the pre-chat form asks: a name, and an e-mail when the visitor gives one. */
export interface VisitorDetails {
  name: string;
  email?: string;
}

/** The survey question asks for a number "from 0 to 10", "de 0 a 10" (docs/attendance/insights-and-survey.md, locales/README.md). */
const SURVEY_QUESTION = /\b0\s*(?:to|a|-|–)\s*10\b/i;
/** Up to this many options read as a menu (one button per line); more become chips. */
const MENU_MAX = 4;

/** Who said a line, as the visitor reads it (the widget catalogue's `sender.*`). */
const senderLabel = (from: ChatLine['from']) => t(`sender.${from}`);

/**
 * The widget's DOM, inside a shadow root so the host page's styles and scripts cannot reach it
 * and it ships no framework that could clash with the page's. Plain DOM keeps it small.
 */
export class WidgetView {
  private readonly launcher: HTMLButtonElement;
  private readonly badge: HTMLSpanElement;
  private readonly panel: HTMLElement;
  private readonly log: HTMLDivElement;
  private readonly list: HTMLOListElement;
  private readonly options: HTMLDivElement;
  private readonly typing: HTMLDivElement;
  private readonly status: HTMLSpanElement;
  private readonly input: HTMLTextAreaElement;
  private readonly attach: HTMLButtonElement;
  private readonly prechat: HTMLFormElement;
  private readonly microphone: HTMLButtonElement;
  private readonly recording: HTMLDivElement;
  private readonly meter: HTMLSpanElement;
  private readonly replies: SpokenReplies;
  private readonly callButton: HTMLButtonElement;
  private readonly callBar: HTMLDivElement;
  private readonly callState: HTMLSpanElement;
  private readonly callAudio: HTMLAudioElement;
  /** Where co-browse asks for consent and shows that the page is shared (cobrowse-view.ts). */
  readonly cobrowseSlot: HTMLDivElement;

  constructor(host: HTMLElement, title: string, private readonly events: ViewEvents) {
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${WIDGET_CSS}</style>
<div class="cobrowse" hidden></div>
<section class="panel" role="dialog" aria-label="${escapeHtml(title)}" lang="${escapeHtml(currentLanguage())}" hidden>
  <header><div><h2>${escapeHtml(title)}</h2><span class="status" role="status"></span></div>
  <div class="actions"><button class="call-button" type="button" aria-label="${escapeHtml(t('call.start'))}" title="${escapeHtml(t('call.start'))}" hidden><svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"/></svg></button>
  <button class="close" type="button" aria-label="${escapeHtml(t('chat.close'))}">×</button></div></header>
  <div class="call" role="group" aria-label="${escapeHtml(t('call.label'))}" hidden><audio autoplay></audio><span class="call-state" role="status"></span>
  <button class="hangup" type="button">${escapeHtml(t('call.hang_up'))}</button></div>
  <div class="log" role="log" tabindex="0" aria-live="polite" aria-label="${escapeHtml(t('chat.conversation'))}"><ol></ol></div>
  <div class="typing" aria-live="polite"></div>
  <div class="options"></div>
  <div class="speaking" role="group" aria-label="${escapeHtml(t('voice.reply'))}" hidden><audio preload="auto"></audio><span>${escapeHtml(t('voice.speaking'))}</span>
  <button class="stop" type="button">${escapeHtml(t('voice.stop'))}</button></div>
  <form class="prechat" aria-label="${escapeHtml(t('prechat.label'))}"><p>${escapeHtml(t('prechat.intro'))}</p>
  <label>${escapeHtml(t('prechat.name'))}<input name="name" required maxlength="200" autocomplete="name"></label>
  <label>${escapeHtml(t('prechat.email'))}<input name="email" type="email" maxlength="254" autocomplete="email"></label>
  <button class="send" type="submit">${escapeHtml(t('prechat.start'))}</button></form>
  <form class="compose"><input class="file" type="file" hidden>
  <button class="attach" type="button" aria-label="${escapeHtml(t('chat.attach'))}" title="${escapeHtml(t('chat.attach'))}"><svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z"/></svg></button>
  <button class="microphone" type="button" aria-pressed="false" aria-label="${escapeHtml(t('voice.record'))}" title="${escapeHtml(t('voice.hint'))}" hidden><svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9z"/></svg></button>
  <div class="recording" hidden><span>${escapeHtml(t('voice.recording'))}</span><span class="meter" role="meter" aria-label="${escapeHtml(t('voice.level'))}" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0"><span class="fill"></span></span></div>
  <label class="sr" for="sb-input">${escapeHtml(t('chat.your_message'))}</label>
  <textarea id="sb-input" placeholder="${escapeHtml(t('chat.placeholder'))}" rows="1"></textarea>
  <button class="send" type="submit">${escapeHtml(t('chat.send'))}</button></form>
</section>
<button class="launcher" type="button" aria-label="${escapeHtml(t('chat.open'))}" lang="${escapeHtml(currentLanguage())}" aria-expanded="false"><svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"/></svg><span class="badge" hidden></span></button>`;
    const $ = <T extends Element>(selector: string) => root.querySelector(selector) as T;
    this.launcher = $('.launcher');
    this.badge = $('.badge');
    this.panel = $('.panel');
    this.log = $('.log');
    this.list = $('.log ol');
    this.options = $('.options');
    this.typing = $('.typing');
    this.status = $('.status');
    this.input = $('textarea');
    this.attach = $('.attach');
    this.prechat = $('form.prechat');
    const file = $<HTMLInputElement>('.file');
    this.microphone = $('.microphone');
    this.recording = $('.recording');
    this.meter = $('.meter');
    this.replies = new SpokenReplies($('.speaking'), $('.speaking audio'));
    holdOrTap(this.microphone, (action) => this.events.onMicrophone(action));
    this.callButton = $('.call-button');
    this.callBar = $('.call');
    this.callState = $('.call-state');
    this.callAudio = $('.call audio');
    this.cobrowseSlot = $('.cobrowse');
    this.callButton.addEventListener('click', () => this.events.onCall(true));
    $<HTMLButtonElement>('.hangup').addEventListener('click', () => this.events.onCall(false));
    $<HTMLButtonElement>('.stop').addEventListener('click', () => this.stopSpeaking());

    this.launcher.addEventListener('click', () => this.events.onToggle(this.panel.hasAttribute('hidden')));
    $<HTMLButtonElement>('.close').addEventListener('click', () => this.events.onToggle(false));
    this.panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.events.onToggle(false);
    });
    $<HTMLFormElement>('form.compose').addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    this.prechat.addEventListener('submit', (e) => {
      e.preventDefault();
      const field = (name: string) => (this.prechat.elements.namedItem(name) as HTMLInputElement).value.trim();
      const name = field('name');
      const email = field('email');
      if (!name) return;
      this.events.onDetails({ name, ...(email ? { email } : {}) });
    });
    // The button opens the (hidden) file picker; a chosen file goes to the controller, and the picker is reset for the next.
    this.attach.addEventListener('click', () => file.click());
    file.addEventListener('change', () => {
      const chosen = file.files?.[0];
      file.value = '';
      if (chosen) this.events.onAttach(chosen);
    });
    this.input.addEventListener('input', () => {
      if (this.input.value.trim()) this.events.onTyping();
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey) {
        e.preventDefault();
        this.submit();
      }
    });
  }

  /** Shows the Call button (the bot takes calls from the browser). */
  setCalls(on: boolean): void {
    this.callButton.hidden = !on;
  }

  /**
   * The call bar: `calling` while the call is set up, `connected` with the bot's (or an attendant's)
   * voice playing, or none (the bar goes, the Call button comes back).
   */
  setCall(state: 'calling' | 'connected' | undefined, audio?: MediaStream): void {
    this.callBar.hidden = state === undefined;
    this.callButton.disabled = state !== undefined;
    this.callState.textContent = state ? t(`call.${state}`) : '';
    if (audio) this.callAudio.srcObject = audio;
    if (state === undefined) this.callAudio.srcObject = null;
  }

  /** Shows the microphone button (the bot has a voice service). */
  setVoice(on: boolean): void {
    this.microphone.hidden = !on;
  }

  /** Recording (the button pressed, the meter in place of the reply box) or not. */
  setRecording(recording: boolean): void {
    this.microphone.setAttribute('aria-pressed', String(recording));
    this.microphone.setAttribute('aria-label', recording ? t('voice.send') : t('voice.record'));
    this.recording.hidden = !recording;
    this.input.hidden = recording;
    if (!recording) this.setLevel(0);
  }

  /** The microphone's level, 0–1, on the meter. */
  setLevel(level: number): void {
    const percent = Math.round(level * 100);
    this.meter.setAttribute('aria-valuenow', String(percent));
    this.meter.style.setProperty('--level', `${percent}%`);
  }

  /** Plays a spoken reply inline; replies that come while one plays wait their turn. */
  speak(url: string): void {
    this.replies.speak(url);
  }

  /** The stop control: this reply and those waiting are not said. */
  stopSpeaking(): void {
    this.replies.stop();
  }

  private submit(): void {
    const text = this.input.value.trim();
    if (!text) return;
    this.input.value = '';
    this.events.onSend(text);
  }

  /** What the visitor typed, trimmed, and the reply box emptied: the text sent along with a file. */
  takeDraft(): string {
    const text = this.input.value.trim();
    this.input.value = '';
    return text;
  }

  /** Shows the pre-chat form instead of the chat (true), or the chat again (false). */
  setAsking(asking: boolean): void {
    this.panel.classList.toggle('asking', asking);
    if (asking && !this.panel.hidden) this.focusFirst();
    else if (!asking && !this.panel.hidden) this.input.focus();
  }

  private focusFirst(): void {
    (this.panel.classList.contains('asking') ? (this.prechat.elements.namedItem('name') as HTMLInputElement) : this.input).focus();
  }

  /** While a file uploads, the attach button waits. */
  setUploading(uploading: boolean): void {
    this.attach.disabled = uploading;
    this.attach.setAttribute('aria-label', uploading ? t('chat.uploading') : t('chat.attach'));
  }

  /** Opens or closes the panel; focus goes to the reply box, or back to the launcher. */
  setOpen(open: boolean): void {
    this.panel.hidden = !open;
    this.launcher.setAttribute('aria-expanded', String(open));
    this.launcher.setAttribute('aria-label', open ? t('chat.close') : t('chat.open'));
    if (open) {
      this.focusFirst();
      this.scrollToEnd();
    } else this.launcher.focus();
  }

  setUnread(count: number): void {
    this.badge.hidden = count === 0;
    this.badge.textContent = String(count);
    this.badge.setAttribute('aria-label', t('unread', { count }));
  }

  setConnection(text: string): void {
    this.status.textContent = text;
  }

  /** Shows who is typing ("The attendant is typing…"), or nothing. */
  setTyping(notice: string | undefined): void {
    this.typing.textContent = notice ?? '';
  }

  /**
   * Draws the transcript, and the choices of its last line: a menu, chips, the survey's scores, or,
   * under the survey's thanks, what comes next (`after_survey.*`: the first is sent as a message,
   * which starts the bot's dialog again; the second closes the chat).
   */
  render(lines: ChatLine[]): void {
    // A choice the visitor pressed goes away with its group: focus moves to what is offered next, or to the reply box.
    const root = this.options.getRootNode() as ShadowRoot;
    const hadFocus = this.options.contains(root.activeElement);
    this.list.replaceChildren(...lines.map(lineElement));
    this.options.replaceChildren();
    const last = lines.at(-1);
    if (last?.suggestions?.length) {
      const labels = last.suggestions.map((s) => s.label);
      this.options.append(this.choices(labels.length <= MENU_MAX ? 'menu' : 'chips', t('chat.choices'), labels));
    } else if (last?.from === 'system' && SURVEY_QUESTION.test(last.text)) {
      this.options.append(this.choices('scores', t('chat.score'), Array.from({ length: 11 }, (_, i) => String(i))));
    } else if (last?.from === 'system' && isSurveyThanks(last.text)) {
      const next = this.choices('menu', t('after_survey.label'), [t('after_survey.again')]);
      const close = document.createElement('button');
      close.type = 'button';
      close.textContent = t('after_survey.close');
      close.addEventListener('click', () => this.events.onToggle(false));
      next.append(close);
      this.options.append(next);
    }
    if (hadFocus) (this.options.querySelector('button') ?? this.input).focus();
    this.scrollToEnd();
  }

  private choices(kind: string, label: string, values: string[]): HTMLElement {
    const group = document.createElement('div');
    group.className = kind;
    group.setAttribute('role', 'group');
    group.setAttribute('aria-label', label);
    for (const value of values) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = value;
      button.addEventListener('click', () => this.events.onSend(value));
      group.append(button);
    }
    return group;
  }

  private scrollToEnd(): void {
    this.log.scrollTop = this.log.scrollHeight;
  }
}

function lineElement(line: ChatLine): HTMLLIElement {
  const item = document.createElement('li');
  item.className = `line from-${line.from}`;
  if (line.from === 'attendant' || line.from === 'system') {
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = senderLabel(line.from);
    item.append(who);
  } else {
    const who = document.createElement('span');
    who.className = 'sr';
    who.textContent = `${senderLabel(line.from)}: `;
    item.append(who);
  }
  if (line.text) item.append(document.createTextNode(line.text));
  // A video room's join link (an attendant's /video, docs/meetings.md) as a button that opens the meeting page.
  for (const url of meetingLinks(line.text)) {
    const join = document.createElement('a');
    join.className = 'meeting';
    join.href = url;
    join.target = '_blank';
    join.rel = 'noopener noreferrer';
    join.textContent = t('call.join_video');
    item.append(join);
  }
  for (const file of line.attachments ?? []) {
    const element = fileElement(file);
    if (element) item.append(element);
  }
  return item;
}

/** A file of a line: an image as a thumbnail linking to it, anything else as a link with its name. Only http(s) links are shown. */
function fileElement(file: ChatFile): HTMLElement | undefined {
  let url: URL;
  try {
    url = new URL(file.url);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const name = file.name ?? 'file';
  const link = document.createElement('a');
  link.href = url.href;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  if (file.type === 'audio') {
    const audio = document.createElement('audio');
    audio.className = 'attachment audio';
    audio.controls = true;
    audio.preload = 'none';
    audio.src = url.href;
    audio.setAttribute('aria-label', file.voice ? t('voice.message') : name);
    return audio;
  }
  if (file.type === 'image') {
    link.className = 'attachment image';
    const image = document.createElement('img');
    image.src = url.href;
    image.alt = name;
    link.append(image);
  } else {
    link.className = 'attachment file';
    link.textContent = name;
  }
  return link;
}

/** The http(s) links to a meeting room (`…/meet/<room>`) in a line's text. */
function meetingLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s]+\/meet\/[A-Za-z0-9_-]+/g)].map((m) => m[0]);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
