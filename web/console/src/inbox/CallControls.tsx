import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import type { Attendant } from '../types.js';

/** The key pad's keys, in a phone's order (the DTMF keys the REST route takes, A-D left out). */
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

type Open = 'none' | 'keypad' | 'transfer';

/** An international number as typed: `+`, then digits, spaces, dots, brackets and dashes (escaped, as the v-flag regex of `pattern` needs). */
const NUMBER_PATTERN = String.raw`\+[\d \.\(\)\-]{2,30}`;

/**
 * The call's hands beside Mute and Hang up (docs/attendance/calls.md, "In the call"): Hold/Resume,
 * a key pad (DTMF) and Transfer, to an attendant or to a number, through the call's REST routes.
 * `base` is the call's path; `reported` the hold the service last reported (asked at `askedAt`);
 * `onGone` is told when the call has left this attendant (transferred).
 */
export function CallControls({ base, sessionId, reported, onGone }: {
  base: string; sessionId: string; reported: { held: boolean; askedAt: number }; onGone(): void;
}) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [held, setHeld] = useState(reported.held);
  /** When this panel last changed the hold: a state asked before then is older than the button's. */
  const changedAt = useRef(0);
  useEffect(() => {
    if (reported.askedAt > changedAt.current) setHeld(reported.held);
  }, [reported]);
  const [open, setOpen] = useState<Open>('none');
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');

  const act = async <T,>(what: () => Promise<T>): Promise<T | undefined> => {
    setError('');
    try {
      return await what();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : err instanceof Error ? err.message : String(err));
      return undefined;
    }
  };

  const toggleHold = async () => {
    const result = await act(() => api.post<{ held: boolean }>(`${base}/hold`, { on: !held }));
    if (!result) return;
    changedAt.current = Date.now();
    setHeld(result.held);
  };

  const press = async (key: string) => {
    if (await act(() => api.post(`${base}/dtmf`, { digits: key }))) setSent((keys) => `${keys}${key}`.slice(-32));
  };

  const toggle = (which: Open) => setOpen((current) => (current === which ? 'none' : which));

  return (
    <>
      <button type="button" aria-pressed={held} onClick={() => void toggleHold()}>{held ? t('call.resume') : t('call.hold')}</button>
      <button type="button" aria-expanded={open === 'keypad'} aria-controls="call-keypad" onClick={() => toggle('keypad')}>{t('call.keypad')}</button>
      <button type="button" aria-expanded={open === 'transfer'} aria-controls="call-transfer" onClick={() => toggle('transfer')}>{t('call.transfer')}</button>
      {held && <p className="call-note">{t('call.held')}</p>}
      {open === 'keypad' && (
        <div id="call-keypad" className="call-keypad-box">
          <div role="group" aria-label={t('call.keypad')} className="call-keypad">
            {KEYS.map((key) => <button type="button" key={key} onClick={() => void press(key)}>{key}</button>)}
          </div>
          <p className="call-note" aria-live="polite">{sent && t('call.keys_sent', { keys: sent })}</p>
        </div>
      )}
      {open === 'transfer' && <CallTransferForm base={base} sessionId={sessionId} act={act} onDone={onGone} />}
      {error && <p role="alert" className="error call-note">{error}</p>}
    </>
  );
}

/** Transfer the call: to another attendant (the call follows them) or to a number (E.164). */
function CallTransferForm({ base, sessionId, act, onDone }: {
  base: string; sessionId: string; act<T>(what: () => Promise<T>): Promise<T | undefined>; onDone(): void;
}) {
  const { t } = useTranslation();
  const { api, me } = useConsole();
  const [attendants, setAttendants] = useState<Attendant[]>([]);
  const [to, setTo] = useState<'attendant' | 'number'>('attendant');
  const [attendant, setAttendant] = useState('');
  const [number, setNumber] = useState('');

  useEffect(() => {
    api.get<Attendant[]>('/api/attendance/attendants').then((a) => setAttendants(a.filter((x) => x.id !== me.id)), () => undefined);
  }, [api, me.id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = to === 'attendant' ? { attendant_id: attendant } : { number: number.replace(/[\s.()-]/g, '') };
    if (await act(() => api.post(`${base}/transfer`, body))) onDone();
  };

  const name = `call-transfer-to-${sessionId}`;
  return (
    <form id="call-transfer" className="call-transfer" aria-label={t('call.transfer_form')} onSubmit={(e) => void submit(e)}>
      <fieldset>
        <legend>{t('call.transfer_to')}</legend>
        <label><input type="radio" name={name} checked={to === 'attendant'} onChange={() => setTo('attendant')} /> {t('call.to_attendant')}</label>
        <label><input type="radio" name={name} checked={to === 'number'} onChange={() => setTo('number')} /> {t('call.to_number')}</label>
      </fieldset>
      {to === 'attendant' ? (
        <>
          <label htmlFor="call-transfer-attendant">{t('call.attendant')}</label>
          <select id="call-transfer-attendant" value={attendant} onChange={(e) => setAttendant(e.target.value)} required>
            <option value="">{t('common.choose')}</option>
            {attendants.map((a) => <option key={a.id} value={a.id}>{t('transfer.attendant', { name: a.name, status: t(`presence.${a.status}`), open: a.active_conversations })}</option>)}
          </select>
        </>
      ) : (
        <>
          <label htmlFor="call-transfer-number">{t('call.number')}</label>
          <input id="call-transfer-number" type="tel" inputMode="tel" autoComplete="off" placeholder="+15550199" value={number}
            onChange={(e) => setNumber(e.target.value)} pattern={NUMBER_PATTERN} required />
        </>
      )}
      <button type="submit">{t('call.transfer_submit')}</button>
    </form>
  );
}
