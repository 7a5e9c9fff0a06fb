/**
 * The attendant's pointer on the visitor's page (docs/attendance/co-browse.md): a highlighted ring
 * at the point of the page the attendant clicked in their mirror, in document coordinates, so it
 * sits on the same thing however the visitor has scrolled. Its own element, outside the page's
 * styles (a shadow root) and left out of the recording.
 */
const SHOWN_MS = 8000;

const POINTER_CSS = `
:host { all: initial; position: absolute; z-index: 2147483001; pointer-events: none; width: 0; height: 0; }
.ring { position: absolute; left: -18px; top: -18px; width: 36px; height: 36px; border-radius: 50%; border: 4px solid #d4145a;
  background: rgba(212, 20, 90, .18); box-shadow: 0 0 0 4px rgba(255, 255, 255, .9); animation: pulse 1s ease-out 3; }
.name { position: absolute; left: 22px; top: -10px; padding: 2px 8px; border-radius: 10px; background: #d4145a; color: #fff;
  font: 700 12px/16px system-ui, sans-serif; white-space: nowrap; }
@keyframes pulse { from { transform: scale(1.6); } to { transform: scale(1); } }
@media (prefers-reduced-motion: reduce) { .ring { animation: none; } }
:host([hidden]) { display: none; }
`;

/** Shows and hides the pointer; one per page. */
export class AttendantPointer {
  private host: HTMLElement | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** Points at (x, y) of the document, labelled with who points; brings the point into view. */
  show(x: number, y: number, label: string): void {
    const host = this.host ?? this.create();
    (host.shadowRoot!.querySelector('.name') as HTMLElement).textContent = label;
    host.style.left = `${x}px`;
    host.style.top = `${y}px`;
    host.hidden = false;
    host.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), SHOWN_MS);
  }

  hide(): void {
    clearTimeout(this.timer);
    if (this.host) this.host.hidden = true;
  }

  remove(): void {
    this.hide();
    this.host?.remove();
    this.host = undefined;
  }

  private create(): HTMLElement {
    const host = document.createElement('switchboard-pointer');
    host.setAttribute('aria-hidden', 'true');
    const root = host.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${POINTER_CSS}</style><div class="ring"></div><span class="name"></span>`;
    // Absolute to the document itself (not to a positioned body), so the coordinates are the page's.
    document.documentElement.append(host);
    this.host = host;
    return host;
  }
}
