import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';

/**
 * "Escalate to video meeting" in the call panel (docs/attendance/calls.md, "Escalating to a video
 * meeting"): the conversation's video room is opened as `/video` opens it, so the caller gets its
 * link on their channel (a phone caller by SMS), and the attendant's own join link opens in a new
 * tab. The phone call stays up until someone hangs up.
 */
export function EscalateToMeeting({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [joinUrl, setJoinUrl] = useState<string>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const escalate = async () => {
    setBusy(true);
    setError('');
    try {
      const started = await api.post<{ ok: boolean; reply: string }>('/api/attendance/commands', { text: '/video', session_id: sessionId });
      if (!started.ok) throw new ApiError(409, 'video_failed', started.reply);
      const { rooms } = await api.get<{ rooms: { join_url: string }[] }>(`/api/meet/rooms?session_id=${encodeURIComponent(sessionId)}&status=open`);
      const url = rooms[0]?.join_url;
      if (!url) throw new ApiError(404, 'room_not_found', t('call.meeting_missing'));
      setJoinUrl(url);
      window.open(url, '_blank', 'noopener');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="escalate">
      {!joinUrl && <button type="button" onClick={() => void escalate()} disabled={busy}>{t('call.escalate')}</button>}
      {joinUrl && (
        <p role="status">
          {t('call.escalated')} <a href={joinUrl} target="_blank" rel="noopener noreferrer">{t('call.open_meeting')}</a>
        </p>
      )}
      {error && <p role="alert" className="error">{error}</p>}
    </div>
  );
}
