/**
 * The widget's voice controls in the DOM (docs/channels/web.md, "Voice"): the microphone button's
 * presses, and the bar that plays spoken replies with its stop control.
 */

/** What the microphone button reports to the controller. */
export type MicrophoneAction = 'press' | 'release' | 'toggle' | 'cancel';

/**
 * Hold to talk and tap to toggle, by pointer and by keyboard: a press and its release are told as
 * they happen (the controller tells a hold from a tap). Space and Enter do not also click; a click
 * that no press came before (a screen reader's) toggles; Escape while recording cancels.
 */
export function holdOrTap(mic: HTMLButtonElement, emit: (action: MicrophoneAction) => void): void {
  let pressed = false;
  const press = () => {
    if (pressed) return;
    pressed = true;
    emit('press');
  };
  const release = () => {
    if (!pressed) return;
    pressed = false;
    emit('release');
  };
  mic.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    mic.setPointerCapture(e.pointerId);
    press();
  });
  mic.addEventListener('pointerup', release);
  mic.addEventListener('pointercancel', release);
  mic.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && mic.getAttribute('aria-pressed') === 'true') {
      e.stopPropagation(); // the panel's Escape would close the chat
      emit('cancel');
      return;
    }
    if (e.key !== ' ' && e.key !== 'Enter') return;
    e.preventDefault();
    if (!e.repeat) press();
  });
  mic.addEventListener('keyup', (e) => {
    if (e.key !== ' ' && e.key !== 'Enter') return;
    e.preventDefault();
    release();
  });
  mic.addEventListener('blur', release);
  mic.addEventListener('click', (e) => {
    if (e.detail === 0 && !pressed) emit('toggle');
  });
}

/** The spoken replies, one after another in `player`, in a bar shown while they play. */
export class SpokenReplies {
  private readonly queue: string[] = [];

  constructor(private readonly bar: HTMLElement, private readonly player: HTMLAudioElement) {
    player.addEventListener('ended', () => this.next());
    player.addEventListener('error', () => this.next());
  }

  speak(url: string): void {
    this.queue.push(url);
    if (this.bar.hidden) this.next();
  }

  /** This reply and those waiting are not said. */
  stop(): void {
    this.queue.length = 0;
    this.player.pause();
    this.player.removeAttribute('src');
    this.player.load();
    this.bar.hidden = true;
  }

  private next(): void {
    const url = this.queue.shift();
    if (url === undefined) {
      this.bar.hidden = true;
      return;
    }
    this.bar.hidden = false;
    this.player.src = url;
    // A browser that refuses to play (no gesture yet) leaves the reply as text, and the bar with its Stop to dismiss.
    this.player.play().catch(() => undefined);
  }
}
