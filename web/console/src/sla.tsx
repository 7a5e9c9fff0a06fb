/**
 * The SLA timers of the console (docs/attendance/sla.md, "In the console"): the running clocks of
 * what the user sees, read again when a frame says something changed, and a countdown per
 * conversation or ticket that turns amber near its due time and red once breached.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole, useLiveFrames } from './live-context.js';

/** A running clock as GET /api/attendance/sla/clocks gives it. */
export interface SlaClock {
  id: string;
  subject: 'conversation' | 'ticket';
  subject_id: string;
  metric: 'first_response' | 'resolution';
  target_seconds: number;
  due_at: string | null;
  breached_at: string | null;
}

/** Frames after which the clocks are read again. */
const CLOCK_FRAMES = new Set([
  'sla_breached', 'new_conversation', 'conversation_assigned', 'conversation_resolved', 'conversation_updated', 'ticket_updated', 'reconnected',
]);

/** The running clocks, by subject id. */
export function useSlaClocks(): Map<string, SlaClock[]> {
  const { api } = useConsole();
  const [clocks, setClocks] = useState<SlaClock[]>([]);
  const load = useCallback(() => {
    api.get<SlaClock[]>('/api/attendance/sla/clocks').then(setClocks, () => undefined);
  }, [api]);
  useEffect(load, [load]);
  useLiveFrames((frame) => {
    if (frame.type === 'sla_breached') {
      // The breach shows at once; the read after it confirms.
      const clock = frame.clock as SlaClock;
      setClocks((all) => all.map((c) => (c.id === clock.id ? { ...c, breached_at: clock.breached_at } : c)));
    }
    if (CLOCK_FRAMES.has(frame.type)) load();
  });
  const bySubject = new Map<string, SlaClock[]>();
  for (const clock of clocks) bySubject.set(clock.subject_id, [...(bySubject.get(clock.subject_id) ?? []), clock]);
  return bySubject;
}

/** The current time, once a second: the countdowns' only clock (no server polling). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** How urgent a subject's clocks are: `breached`, `warning` (a fifth of a target or less left), or `ok`. */
export function slaState(clocks: readonly SlaClock[] | undefined, now: number): 'breached' | 'warning' | 'ok' | undefined {
  if (!clocks || clocks.length === 0) return undefined;
  if (clocks.some((c) => c.breached_at || (c.due_at && Date.parse(c.due_at) <= now))) return 'breached';
  const near = clocks.some((c) => c.due_at && Date.parse(c.due_at) - now <= c.target_seconds * 200);
  return near ? 'warning' : 'ok';
}

/** The countdown of the soonest clock of a subject, coloured by its state; nothing when it has none. */
export function SlaTimer({ clocks }: { clocks: readonly SlaClock[] | undefined }) {
  const { t } = useTranslation();
  const now = useNow();
  const state = slaState(clocks, now);
  if (!clocks || !state) return null;
  const soonest = [...clocks].sort((a, b) => (a.due_at ? Date.parse(a.due_at) : Infinity) - (b.due_at ? Date.parse(b.due_at) : Infinity))[0]!;
  const metric = t(`sla.${soonest.metric}`);
  const text = state === 'breached'
    ? t('sla.breached', { metric })
    : soonest.due_at ? t('sla.due_in', { metric, time: countdown(Date.parse(soonest.due_at) - now) }) : t('sla.paused', { metric });
  return <span className={`sla sla-${state}`} data-sla={state}>{text}</span>;
}

/** "4:05", "1:02:03". */
function countdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
