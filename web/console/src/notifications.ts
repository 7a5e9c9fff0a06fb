/**
 * Desktop notice and a short sound when a conversation arrives. Permission is asked once, on the
 * attendant's first click (browsers refuse prompts that no gesture started).
 */
import { i18n } from './i18n.js';

let audio: AudioContext | undefined;

export function askNotificationPermissionOnce(): void {
  if (!('Notification' in window) || Notification.permission !== 'default') return;
  if (localStorage.getItem('switchboard-console:notify-asked')) return;
  localStorage.setItem('switchboard-console:notify-asked', '1');
  void Notification.requestPermission();
}

export function announceNewConversation(customer: string, text: string): void {
  chime();
  if (!('Notification' in window) || Notification.permission !== 'granted' || document.hasFocus()) return;
  new Notification(i18n.t('inbox.notification', { customer }), { body: text, tag: 'switchboard-new-conversation' });
}

function chime(): void {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.4);
  } catch {
    // no audio device: the visual notice is enough
  }
}
