import { useEffect, useState } from 'react';
import { ApiError } from './api.js';
import { useConsole } from './live-context.js';
import type { Attendant, Me } from './types.js';
import { useTranslation } from 'react-i18next';

const STATUSES = ['online', 'busy', 'away', 'offline'] as const;
type Status = (typeof STATUSES)[number];

/**
 * The status rule at sign-in (docs/attendance/console.md, "My status"): a user with the
 * `attendant` role who signs in while `offline` (which is also what a user without an attendant
 * profile reads as) is set `online`, so work reaches them without a further step; `busy` and `away`
 * are an attendant's own choice and stay. Supervisors and admins without the attendant role are
 * left as they are: signing in to watch the board must not bring them conversations. A reload of a
 * signed-in tab is not a sign-in.
 */
export function statusAfterSignIn(me: Pick<Me, 'roles'>, status: Status): Status {
  return me.roles.includes('attendant') && status === 'offline' ? 'online' : status;
}

/** The attendant's own presence, set with the `/status` command (docs/attendance/README.md). Only online receives new conversations. */
export function StatusPicker() {
  const { t } = useTranslation();
  const { api, me, signedInNow } = useConsole();
  const [status, setStatus] = useState<Status>();
  const [error, setError] = useState('');

  async function change(next: Status) {
    setStatus(next);
    setError('');
    try {
      await api.post('/api/attendance/commands', { text: `/status ${next}` });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('presence.failed'));
    }
  }

  useEffect(() => {
    let gone = false;
    api.get<Attendant[]>('/api/attendance/attendants').then((all) => {
      if (gone) return;
      // Not in the list: no attendant role nor profile, which the server reads as offline.
      const now = all.find((a) => a.id === me.id)?.status ?? 'offline';
      const next = signedInNow ? statusAfterSignIn(me, now) : now;
      if (next === now) setStatus(now);
      else void change(next);
    }, () => setStatus('offline'));
    return () => {
      gone = true;
    };
    // Once per signed-in page (`change` only calls the API and sets state).
  }, [api, me, signedInNow]);

  return (
    <span className="status-picker">
      <label htmlFor="my-status">{t('presence.mine')}</label>
      <span className={`dot status-${status ?? 'unknown'}`} aria-hidden="true" />
      <select id="my-status" value={status ?? ''} disabled={status === undefined} aria-describedby="my-status-hint"
        onChange={(e) => void change(e.target.value as Status)}>
        {status === undefined && <option value="">{t('app.loading')}</option>}
        {STATUSES.map((s) => <option key={s} value={s}>{t(`presence.${s}`)}</option>)}
      </select>
      <span id="my-status-hint" className="status-hint">
        {status === undefined ? '' : status === 'online' ? t('presence.gets_new') : t('presence.gets_none')}
      </span>
      {error && <span role="alert" className="error">{error}</span>}
    </span>
  );
}
