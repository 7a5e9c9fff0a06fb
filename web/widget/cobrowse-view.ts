/**
 * What the visitor sees of co-browse (docs/attendance/co-browse.md): the consent prompt, with what
 * the attendant will and will not see, and while the page is shared, a bar that says so with a
 * Stop button. Both sit above the chat panel, so they show whether the panel is open or not.
 */
import type { CobrowseView } from './cobrowse-controller.js';
import { t } from './widget-i18n.js';

export class CobrowseBox implements CobrowseView {
  constructor(
    private readonly slot: HTMLElement,
    private readonly say_: (text: string) => void,
  ) {}

  ask(attendant: string, answer: (allow: boolean) => void): void {
    const who = attendant || t('cobrowse.someone');
    this.slot.className = 'cobrowse';
    this.slot.setAttribute('role', 'alertdialog');
    this.slot.setAttribute('aria-labelledby', 'sb-cobrowse-title');
    this.slot.setAttribute('aria-describedby', 'sb-cobrowse-text');
    this.slot.tabIndex = -1;
    this.slot.replaceChildren(
      element('h3', { id: 'sb-cobrowse-title' }, t('cobrowse.ask', { attendant: who })),
      element('p', { id: 'sb-cobrowse-text' }, t('cobrowse.explain')),
      element('div', { class: 'buttons' },
        button('decline', t('cobrowse.decline'), () => answer(false)),
        button('allow', t('cobrowse.allow'), () => answer(true))),
    );
    this.slot.hidden = false;
    this.slot.focus();
  }

  sharing(attendant: string, stop: () => void): void {
    this.slot.className = 'cobrowse sharing';
    this.slot.setAttribute('role', 'region');
    this.slot.setAttribute('aria-label', t('cobrowse.label'));
    this.slot.removeAttribute('aria-labelledby');
    this.slot.removeAttribute('aria-describedby');
    this.slot.removeAttribute('tabindex');
    this.slot.replaceChildren(
      element('span', { role: 'status' }, t('cobrowse.sharing', { attendant: attendant || t('cobrowse.someone') })),
      button('stop-sharing', t('cobrowse.stop'), stop),
    );
    this.slot.hidden = false;
  }

  clear(): void {
    this.slot.hidden = true;
    this.slot.replaceChildren();
    for (const name of ['role', 'aria-label', 'aria-labelledby', 'aria-describedby', 'tabindex']) this.slot.removeAttribute(name);
  }

  say(text: 'ended' | 'too_big' | 'failed'): void {
    this.say_(t(`cobrowse.${text}`));
  }
}

function element(tag: string, attributes: Record<string, string>, ...children: (Node | string)[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.append(...children);
  return el;
}

function button(className: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}
