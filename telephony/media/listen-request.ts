/**
 * What a listen heard: an utterance, key presses, nothing (timeout), or the call ended — with what
 * was heard of an utterance the hang-up cut short (`pcm`), so a voicemail left up to the hang-up is kept.
 */
export type Heard =
  | { kind: 'speech'; pcm: Int16Array }
  | { kind: 'digits'; digits: string; endedBy: '#' | 'timeout' | 'max' }
  | { kind: 'timeout' }
  | { kind: 'closed'; pcm?: Int16Array };

/** How key presses are collected once the first one comes. */
export interface DigitSettings {
  /** Digits that end the input without waiting for '#'. */
  maxDigits: number;
  /** Quiet time after a key press that ends the input. */
  interDigitMs: number;
}

/**
 * One listen in progress. It waits for speech until a key is pressed; from then on it collects
 * keys until '#' (not included), `maxDigits`, or `interDigitMs` after the last one, and speech no
 * longer ends it. `heard` settles once.
 */
export class ListenRequest {
  readonly heard: Promise<Heard>;
  private digits = '';
  private collecting = false;
  private timer: NodeJS.Timeout | undefined;
  private done = false;
  private resolve: (heard: Heard) => void = () => undefined;

  constructor(private readonly settings: DigitSettings) {
    this.heard = new Promise((resolve) => {
      this.resolve = resolve;
    });
  }

  get settled(): boolean {
    return this.done;
  }

  /** True once a key press has switched this listen to collecting digits. */
  get collectingDigits(): boolean {
    return this.collecting;
  }

  key(digit: string): void {
    if (this.done) return;
    this.collecting = true;
    clearTimeout(this.timer);
    if (digit === '#') return this.finish({ kind: 'digits', digits: this.digits, endedBy: '#' });
    this.digits += digit;
    if (this.digits.length >= this.settings.maxDigits) return this.finish({ kind: 'digits', digits: this.digits, endedBy: 'max' });
    this.timer = setTimeout(() => this.finish({ kind: 'digits', digits: this.digits, endedBy: 'timeout' }), this.settings.interDigitMs);
  }

  speech(pcm: Int16Array): void {
    if (!this.collecting) this.finish({ kind: 'speech', pcm });
  }

  noSpeech(): void {
    if (!this.collecting) this.finish({ kind: 'timeout' });
  }

  /** The call ended; `cutShort` is the utterance in progress, if any (not while collecting keys). */
  close(cutShort?: Int16Array): void {
    this.finish(cutShort && !this.collecting ? { kind: 'closed', pcm: cutShort } : { kind: 'closed' });
  }

  private finish(heard: Heard): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    this.resolve(heard);
  }
}
