import { useEffect, useState } from 'react';
import { useConsole } from './live-context.js';
import type { Attendant } from './types.js';
import { useTranslation } from 'react-i18next';

const STATUSES = ['online', 'busy', 'away', 'offline'] as const;

/** The attendant's own presence, set with the `/status` command (docs/attendance/README.md). */
export function StatusPicker() {
  const { t } = useTranslation();
  const { api, me } = useConsole();
  const [status, setStatus] = useState<string>('');
  useEffect(() => {
    api.get<Attendant[]>('/api/attendance/attendants').then((all) => setStatus(all.find((a) => a.id === me.id)?.status ?? ''), () => undefined);
  }, [api, me.id]);
  async function change(next: string) {
    setStatus(next);
    await api.post('/api/attendance/commands', { text: `/status ${next}` });
  }
  return (
    <label className="status-picker">
      {t('presence.mine')}{' '}
      <select value={status} onChange={(e) => void change(e.target.value)}>
        <option value="" disabled>{t('common.choose')}</option>
        {STATUSES.map((s) => <option key={s} value={s}>{t(`presence.${s}`)}</option>)}
      </select>
    </label>
  );
}
