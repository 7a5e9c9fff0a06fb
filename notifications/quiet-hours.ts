/** A daily window of local time, `HH:MM` to `HH:MM`; it crosses midnight when `end` is before `start`. */
export interface DailyWindow {
  start: string;
  end: string;
  /** IANA time zone the times are read in. */
  timezone: string;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** Seconds since local midnight of `at` in `timezone`. */
function localSecondOfDay(at: Date, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 3600 + get('minute') * 60 + get('second');
}

/**
 * When `at` falls inside the window, the instant the window ends (push and SMS wait until then,
 * docs/notifications.md "Quiet hours"); undefined outside it. An empty window (start = end) never applies.
 */
export function quietUntil(window: DailyWindow, at: Date): Date | undefined {
  const start = minutes(window.start) * 60;
  const end = minutes(window.end) * 60;
  if (start === end) return undefined;
  const now = localSecondOfDay(at, window.timezone);
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return undefined;
  const wait = (end - now + 86_400) % 86_400;
  return new Date(at.getTime() + wait * 1000 - (at.getTime() % 1000));
}

/** The next instant local time reads `hhmm` in `timezone` (the daily email digest). */
export function nextLocalTime(hhmm: string, timezone: string, at: Date): Date {
  const now = localSecondOfDay(at, timezone);
  const wait = (minutes(hhmm) * 60 - now + 86_400) % 86_400 || 86_400;
  return new Date(at.getTime() + wait * 1000 - (at.getTime() % 1000));
}
