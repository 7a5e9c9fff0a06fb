import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api.js';
import { useConsole } from '../live-context.js';
import type { CustomerField, CustomerView } from '../types.js';

/** Tags as typed in the box: comma separated, blanks dropped. */
const parseTags = (text: string) => text.split(',').map((t) => t.trim()).filter((t) => t !== '');

/**
 * The customer of the open conversation (docs/crm.md, "What attendants see"; the conversation's
 * heading already shows the display name): the fields of the bot's `attendance-customer-fields`,
 * then the tags and the note, which the attendant edits and
 * saves on the customer's CRM contact.
 */
export function CustomerPanel({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [view, setView] = useState<CustomerView>();
  const [tags, setTags] = useState('');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');

  const show = (next: CustomerView) => {
    setView(next);
    setTags(next.tags.join(', '));
    setNote(next.note ?? '');
  };

  useEffect(() => {
    setView(undefined);
    setStatus('');
    api.get<CustomerView>(`/api/attendance/sessions/${sessionId}/customer`).then(show, () => setStatus(t('customer.unavailable')));
  }, [api, sessionId, t]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setStatus('');
    try {
      show(await api.patch<CustomerView>(`/api/attendance/sessions/${sessionId}/customer`, { tags: parseTags(tags), note: note.trim() === '' ? null : note }));
      setStatus(t('customer.saved'));
    } catch (err) {
      setStatus(err instanceof ApiError ? err.message : t('customer.save_failed'));
    }
  }

  const label = (f: CustomerField) => t(`customer.field.${f.key}`, { defaultValue: f.label });
  const value = (f: CustomerField) => (f.value === null || (Array.isArray(f.value) && f.value.length === 0) ? '—' : Array.isArray(f.value) ? f.value.join(', ') : String(f.value));
  // Tags have their own box below; a field list that names them would show them twice.
  const fields = view?.fields.filter((f) => f.key !== 'tags') ?? [];

  return (
    <section className="customer-panel" aria-labelledby="customer-title">
      <h3 id="customer-title">{t('conversation.customer')}</h3>
      {view && (
        <>
          <dl className="customer-fields">
            {fields.map((f) => (
              <div key={f.key}><dt>{label(f)}</dt><dd>{value(f)}</dd></div>
            ))}
          </dl>
          <form className="customer-notes" onSubmit={(e) => void save(e)}>
            <label htmlFor="customer-tags">{t('customer.tags')}</label>
            <input id="customer-tags" value={tags} onChange={(e) => setTags(e.target.value)} aria-describedby="customer-tags-hint" />
            <small id="customer-tags-hint">{t('customer.tags_hint')}</small>
            <label htmlFor="customer-note">{t('customer.note')}</label>
            <textarea id="customer-note" value={note} rows={3} onChange={(e) => setNote(e.target.value)} />
            <button type="submit">{t('customer.save')}</button>
          </form>
        </>
      )}
      <p className="customer-status" role="status">{status}</p>
    </section>
  );
}
