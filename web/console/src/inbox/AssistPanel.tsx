import { useState } from 'react';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import { useTranslation } from 'react-i18next';

type Shown = { title: string; lines: string[] };

/** The assist actions of docs/attendance/assist.md: tips, suggested replies, summary, sentiment. */
export function AssistPanel({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [shown, setShown] = useState<Shown>();

  async function show(title: string, ask: () => Promise<string[]>) {
    try {
      setShown({ title, lines: await ask() });
    } catch (err) {
      setShown({ title, lines: [err instanceof ApiError ? err.message : t('assist.unavailable')] });
    }
  }

  const body = { session_id: sessionId };
  const actions: [string, () => Promise<string[]>][] = [
    [t('assist.tips'), async () => (await api.post<{ tips: { content: string }[] }>('/api/attendance/llm/tips', body)).tips.map((tip) => tip.content)],
    [t('assist.replies'), async () => (await api.post<{ replies: { text: string }[] }>('/api/attendance/llm/smart-replies', body)).replies.map((r) => r.text)],
    [t('assist.summary'), async () => {
      const s = await api.get<{ brief: string; key_points: string[]; recommended_action: string }>(`/api/attendance/llm/summary/${sessionId}`);
      return [s.brief, ...s.key_points, t('assist.next', { action: s.recommended_action })];
    }],
    [t('assist.sentiment'), async () => {
      const s = await api.post<{ overall: string; score: number; escalation_risk: string }>('/api/attendance/llm/sentiment', body);
      return [t('assist.sentiment_line', { overall: s.overall, score: s.score.toFixed(2), risk: s.escalation_risk })];
    }],
  ];

  return (
    <div className="assist">
      <h3>{t('assist.title')}</h3>
      <div className="assist-actions">
        {actions.map(([title, ask]) => <button key={title} type="button" onClick={() => void show(title, ask)}>{title}</button>)}
      </div>
      {shown && (
        <div className="assist-result" role="status">
          <h4>{shown.title}</h4>
          <ul>{shown.lines.map((l, i) => <li key={i}>{l}</li>)}</ul>
        </div>
      )}
    </div>
  );
}
