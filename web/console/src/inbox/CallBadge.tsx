import { useTranslation } from 'react-i18next';
import type { QueueItem } from '../types.js';

/** True for a phone call's conversation (the rtc_sip channel, docs/attendance/calls.md). */
export function isCall(item: Pick<QueueItem, 'channel'>): boolean {
  return item.channel === 'rtc_sip';
}

/**
 * How the console names a queue item's customer: the server's display name, except that a caller
 * nothing names goes by their number rather than the channel and a short id.
 */
export function itemName(item: Pick<QueueItem, 'channel' | 'user_name' | 'user_phone'>): string {
  return isCall(item) && item.user_phone && item.user_name.startsWith(`${item.channel} · `) ? item.user_phone : item.user_name;
}

/** "📞 Call +15550122": a phone icon (drawn, so it shows without an emoji font) and the word, then the caller's number. */
export function CallBadge({ phone }: { phone: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <svg className="call-icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
      </svg>
      {' '}{t('call.badge')}{phone ? ` ${phone}` : ''}
    </>
  );
}
