import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The keyboard shortcuts, in one place: the inbox reads this list too. What each does is `help.<id>` of the console catalogue. */
export const SHORTCUTS = [
  { keys: 'Alt + ↓', id: 'next' },
  { keys: 'Alt + ↑', id: 'previous' },
  { keys: 'Alt + R', id: 'resolve' },
  { keys: 'Alt + M', id: 'reply' },
  { keys: '/', id: 'canned' },
  { keys: '?', id: 'list' },
] as const;

/** The shortcuts dialog (a native modal `<dialog>`: focus trap and Escape come with it). */
export function HelpDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="help" aria-labelledby="help-title" onClose={onClose}>
      <h2 id="help-title">{t('help.title')}</h2>
      <table>
        <thead><tr><th scope="col">{t('help.keys')}</th><th scope="col">{t('help.does')}</th></tr></thead>
        <tbody>
          {SHORTCUTS.map((s) => <tr key={s.keys}><td><kbd>{s.keys}</kbd></td><td>{t(`help.${s.id}`)}</td></tr>)}
        </tbody>
      </table>
      <button type="button" onClick={() => ref.current?.close()} autoFocus>{t('help.close')}</button>
    </dialog>
  );
}
