import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Replayer } from 'rrweb';
import 'rrweb/dist/style.css';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';

/** The read route of a kept co-browse (docs/attendance/co-browse.md, "Storage"). */
const KEPT_COBROWSE = /^\/api\/attendance\/sessions\/[0-9a-f-]{36}\/cobrowse\/[0-9a-f-]{36}$/;

/** Whether a transcript attachment is a kept co-browse, which the console replays rather than links to. */
export const isKeptCobrowse = (url: string) => KEPT_COBROWSE.test(url);

type RecordedEvent = Parameters<Replayer['addEvent']>[0];

/**
 * A kept co-browse in the transcript: "Replay" reads it with the attendant's token (the route
 * checks who may see the conversation) and plays it with rrweb's replayer, in the same sandboxed
 * frame without scripts as the live mirror.
 */
export function CobrowseReplay({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [events, setEvents] = useState<RecordedEvent[]>();
  const [error, setError] = useState('');
  const [size, setSize] = useState<{ scale: number; width: number; height: number }>();
  const stage = useRef<HTMLDivElement>(null);

  const open = async () => {
    setError('');
    try {
      const kept = await api.get<{ events: RecordedEvent[] }>(url);
      setEvents(kept.events);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('conversation.failed'));
    }
  };

  useEffect(() => {
    if (!events || !stage.current) return;
    const root = stage.current;
    const replayer = new Replayer(events, { root, mouseTail: false, showWarning: false, showDebug: false, skipInactive: true });
    replayer.iframe.title = t('cobrowse.replay_frame');
    replayer.on('resize', (dimension) => {
      const { width, height } = dimension as { width: number; height: number };
      const scale = Math.min(1, (root.parentElement ?? root).clientWidth / width);
      setSize({ scale, width, height });
    });
    replayer.play();
    root.scrollIntoView?.({ block: 'nearest' });
    return () => replayer.destroy();
  }, [events]);

  return (
    <div className="cobrowse-replay">
      {!events && <button type="button" onClick={() => void open()} aria-label={`${t('cobrowse.replay')}: ${label}`}>{t('cobrowse.replay')}</button>}
      {events && <button type="button" onClick={() => { setEvents(undefined); setSize(undefined); }}>{t('cobrowse.replay_close')}</button>}
      {error && <span role="alert" className="error">{error}</span>}
      {events && (
        <div className="cobrowse-view" style={size ? { height: size.height * size.scale } : undefined}>
          <div className="cobrowse-stage" ref={stage} style={size ? { transform: `scale(${size.scale})`, width: size.width } : undefined} />
        </div>
      )}
    </div>
  );
}
