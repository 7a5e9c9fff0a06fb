import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';

/** One row of a skill set being edited: an attendant's skill (level) or a queue's requirement (minimum level). */
interface Row {
  name: string;
  level: number;
}
interface Overview {
  names: string[];
  attendants: { user_id: string; name: string; status: string; skills: { name: string; level: number }[] }[];
  queues: { id: string; name: string; required_skills: { name: string; min_level: number }[] }[];
}
type Editing = { kind: 'attendant'; id: string; name: string; rows: Row[] } | { kind: 'queue'; id: string; name: string; rows: Row[] };

const LEVELS = [1, 2, 3, 4, 5];

/**
 * Skills-based routing for supervisors (docs/attendance/skills-routing.md): what each attendant
 * knows and what each queue needs, each edited as a list of skills with a level.
 */
export function Skills() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [overview, setOverview] = useState<Overview>();
  const [editing, setEditing] = useState<Editing>();
  const [message, setMessage] = useState('');
  const load = useCallback(() => void api.get<Overview>('/api/attendance/skills').then(setOverview), [api]);
  useEffect(load, [load]);

  async function save(edit: Editing) {
    const rows = edit.rows.filter((r) => r.name.trim() !== '');
    try {
      if (edit.kind === 'attendant') await api.put(`/api/attendance/attendants/${edit.id}/skills`, { skills: rows.map((r) => ({ name: r.name, level: r.level })) });
      else await api.put(`/api/attendance/queues/${edit.id}`, { required_skills: rows.map((r) => ({ name: r.name, min_level: r.level })) });
      setMessage(t('skills.saved', { name: edit.name }));
      setEditing(undefined);
      load();
    } catch (err) {
      setMessage(err instanceof ApiError ? err.message : t('skills.save_failed'));
    }
  }

  const shown = (list: { name: string; level?: number; min_level?: number }[]) =>
    list.length === 0 ? t('skills.none') : list.map((s) => `${s.name} ${s.level ?? s.min_level}`).join(', ');

  return (
    <main className="queues skills">
      <h2>{t('skills.title')}</h2>
      <p className="note">{t('skills.intro')}</p>
      <p role="status" aria-live="polite">{message}</p>
      <section aria-labelledby="skills-attendants">
        <h3 id="skills-attendants">{t('skills.attendants')}</h3>
        <div className="table-fit">
          <table>
            <thead><tr><th scope="col">{t('skills.attendant')}</th><th scope="col">{t('skills.status')}</th><th scope="col">{t('skills.skills')}</th><th scope="col">{t('skills.actions')}</th></tr></thead>
            <tbody>
              {(overview?.attendants ?? []).map((a) => (
                <tr key={a.user_id}>
                  <td>{a.name}</td><td>{t(`presence.${a.status}`)}</td><td>{shown(a.skills)}</td>
                  <td><button type="button" onClick={() => setEditing({ kind: 'attendant', id: a.user_id, name: a.name, rows: a.skills.map((s) => ({ ...s })) })}>{t('skills.edit', { name: a.name })}</button></td>
                </tr>
              ))}
              {overview === undefined && <tr><td colSpan={4}>{t('app.loading')}</td></tr>}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="skills-queues">
        <h3 id="skills-queues">{t('skills.queues')}</h3>
        <div className="table-fit">
          <table>
            <thead><tr><th scope="col">{t('skills.queue')}</th><th scope="col">{t('skills.required')}</th><th scope="col">{t('skills.actions')}</th></tr></thead>
            <tbody>
              {(overview?.queues ?? []).map((q) => (
                <tr key={q.id}>
                  <td>{q.name}</td><td>{shown(q.required_skills)}</td>
                  <td><button type="button" onClick={() => setEditing({ kind: 'queue', id: q.id, name: q.name, rows: q.required_skills.map((r) => ({ name: r.name, level: r.min_level })) })}>{t('skills.edit', { name: q.name })}</button></td>
                </tr>
              ))}
              {overview?.queues.length === 0 && <tr><td colSpan={3}>{t('queues.none')}</td></tr>}
            </tbody>
          </table>
        </div>
      </section>
      {editing && (
        <SkillSetEditor
          key={`${editing.kind}-${editing.id}`} editing={editing} names={overview?.names ?? []}
          onSave={(rows) => void save({ ...editing, rows })} onCancel={() => setEditing(undefined)}
        />
      )}
    </main>
  );
}

/** The rows of one skill set, added and removed in place; saved as a whole. */
function SkillSetEditor({ editing, names, onSave, onCancel }: { editing: Editing; names: string[]; onSave(rows: Row[]): void; onCancel(): void }) {
  const { t } = useTranslation();
  const id = useId();
  const [rows, setRows] = useState<Row[]>(editing.rows);
  const change = (i: number, row: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...row } : r)));
  const levelLabel = editing.kind === 'attendant' ? t('skills.level') : t('skills.min_level');
  const title = editing.kind === 'attendant' ? t('skills.of_attendant', { name: editing.name }) : t('skills.of_queue', { name: editing.name });
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <datalist id={`${id}-names`}>{names.map((n) => <option key={n} value={n} />)}</datalist>
      <form onSubmit={(e) => { e.preventDefault(); onSave(rows); }}>
        {rows.length === 0 && <p className="empty">{t('skills.none')}</p>}
        {rows.map((row, i) => (
          <div className="inline" key={i}>
            <label htmlFor={`${id}-name-${i}`}>{t('skills.name_n', { n: i + 1 })}</label>
            <input id={`${id}-name-${i}`} value={row.name} list={`${id}-names`} maxLength={50} required onChange={(e) => change(i, { name: e.target.value })} />
            <label htmlFor={`${id}-level-${i}`}>{levelLabel}</label>
            <select id={`${id}-level-${i}`} value={row.level} onChange={(e) => change(i, { level: Number(e.target.value) })}>
              {LEVELS.map((l) => <option key={l} value={l}>{l}</option>)}
            </select>
            <button type="button" onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>{t('skills.remove', { name: row.name || i + 1 })}</button>
          </div>
        ))}
        <div className="inline">
          <button type="button" onClick={() => setRows((all) => [...all, { name: '', level: editing.kind === 'attendant' ? 3 : 1 }])}>{t('skills.add')}</button>
          <button type="submit">{t('skills.save')}</button>
          <button type="button" onClick={onCancel}>{t('skills.cancel')}</button>
        </div>
      </form>
    </section>
  );
}
