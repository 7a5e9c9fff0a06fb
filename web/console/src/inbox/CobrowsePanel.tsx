import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole, useLiveFrames } from '../live-context.js';
import type { LiveFrame } from '../types.js';
import { CobrowseMirror, type EventsPart } from './cobrowse-mirror.js';

type Phase = 'idle' | 'asking' | 'active' | 'declined' | 'ended' | 'failed';

/**
 * Co-browse in a web conversation the attendant holds (docs/attendance/co-browse.md): "See the
 * visitor's page" asks the visitor; once they allow it, their page shows here live, and a click on
 * it points there for the visitor. Either side stops it; leaving the conversation stops it too.
 */
export function CobrowsePanel({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const { live } = useConsole();
  const [phase, setPhase] = useState<Phase>('idle');
  const [endedBy, setEndedBy] = useState('');
  const [error, setError] = useState('');
  const [size, setSize] = useState<{ scale: number; width: number; height: number }>();
  const request = useRef<string>(undefined);
  const cobrowse = useRef<string>(undefined);
  const phaseRef = useRef<Phase>('idle');
  phaseRef.current = phase;
  const mirror = useRef<CobrowseMirror>(undefined);
  const early = useRef<EventsPart[]>([]);
  const stage = useRef<HTMLDivElement>(null);

  const control = (type: 'cobrowse_resync' | 'cobrowse_end') => {
    if (cobrowse.current) live.send({ type, session_id: sessionId, cobrowse_id: cobrowse.current });
  };

  useLiveFrames((frame: LiveFrame) => {
    if (frame.request_id && frame.request_id === request.current) {
      request.current = undefined;
      if (frame.type === 'cobrowse_requested') {
        cobrowse.current = String(frame.cobrowse_id);
        setPhase('asking');
      } else if (frame.type === 'error') {
        setError(String(frame.message));
        setPhase('failed');
      }
      return;
    }
    if (frame.session_id !== sessionId || !cobrowse.current || frame.cobrowse_id !== cobrowse.current) return;
    if (frame.type === 'cobrowse_started') setPhase('active');
    else if (frame.type === 'cobrowse_declined') setPhase('declined');
    else if (frame.type === 'cobrowse_ended') {
      setEndedBy(String(frame.by));
      setPhase('ended');
    } else if (frame.type === 'cobrowse_events') {
      const part = frame as unknown as EventsPart;
      if (mirror.current) mirror.current.add(part);
      else early.current.push(part);
    }
  });

  // The mirror lives while the co-browse is on; what came before it existed is played first.
  useEffect(() => {
    if (phase !== 'active' || !stage.current) return;
    const m = new CobrowseMirror(stage.current, t('cobrowse.frame'), () => control('cobrowse_resync'), (scale, width, height) => setSize({ scale, width, height }));
    mirror.current = m;
    for (const part of early.current.splice(0)) m.add(part);
    return () => {
      mirror.current = undefined;
      m.destroy();
    };
  }, [phase]);

  // Leaving the conversation (or the console) stops a co-browse still asked or on.
  useEffect(() => () => {
    if (phaseRef.current === 'asking' || phaseRef.current === 'active') control('cobrowse_end');
  }, []);

  const ask = () => {
    setError('');
    setEndedBy('');
    early.current = [];
    cobrowse.current = undefined;
    request.current = live.send({ type: 'cobrowse_request', session_id: sessionId });
    if (!request.current) setError(t('cobrowse.offline'));
  };
  const stop = () => {
    control('cobrowse_end');
    setEndedBy('attendant');
    setPhase('ended');
  };
  const point = (e: React.MouseEvent) => {
    if (!mirror.current || !cobrowse.current) return;
    const { x, y } = mirror.current.pagePoint(e.clientX, e.clientY);
    live.send({ type: 'cobrowse_pointer', session_id: sessionId, cobrowse_id: cobrowse.current, x, y });
  };

  const status = phase === 'asking' ? t('cobrowse.asking')
    : phase === 'active' ? t('cobrowse.active')
    : phase === 'declined' ? t('cobrowse.declined')
    : phase === 'ended' ? t(endedBy === 'visitor' ? 'cobrowse.ended_by_visitor' : endedBy === 'system' ? 'cobrowse.ended_by_system' : 'cobrowse.ended')
    : '';
  const on = phase === 'asking' || phase === 'active';

  return (
    <section className="cobrowse" aria-label={t('cobrowse.label')}>
      <div className="cobrowse-bar">
        {!on && <button type="button" onClick={ask}>{t('cobrowse.ask')}</button>}
        {on && <button type="button" onClick={stop}>{t('cobrowse.stop')}</button>}
        <p role="status">{status}</p>
      </div>
      {error && <p role="alert" className="error">{error}</p>}
      {phase === 'active' && (
        <>
          <p className="hint">{t('cobrowse.hint')}</p>
          <div className="cobrowse-view" style={size ? { height: size.height * size.scale } : undefined}>
            <div className="cobrowse-stage" ref={stage} style={size ? { transform: `scale(${size.scale})`, width: size.width } : undefined} />
            {/* A click on the mirror points there on the visitor's page; the mirror itself takes no input. */}
            <div className="cobrowse-pointer-layer" onClick={point} aria-hidden="true" />
          </div>
        </>
      )}
    </section>
  );
}
