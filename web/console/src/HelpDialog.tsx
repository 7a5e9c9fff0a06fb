import { useEffect, useRef } from 'react';

/** The keyboard shortcuts, in one place: the inbox reads this list too. */
export const SHORTCUTS = [
  { keys: 'Alt + ↓', what: 'Next conversation' },
  { keys: 'Alt + ↑', what: 'Previous conversation' },
  { keys: 'Alt + R', what: 'Resolve the open conversation' },
  { keys: 'Alt + M', what: 'Focus the reply box' },
  { keys: '/', what: 'In the reply box: insert a canned response' },
  { keys: '?', what: 'This list' },
] as const;

/** The shortcuts dialog (a native modal `<dialog>`: focus trap and Escape come with it). */
export function HelpDialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="help" aria-labelledby="help-title" onClose={onClose}>
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table>
        <thead><tr><th scope="col">Keys</th><th scope="col">Does</th></tr></thead>
        <tbody>
          {SHORTCUTS.map((s) => <tr key={s.keys}><td><kbd>{s.keys}</kbd></td><td>{s.what}</td></tr>)}
        </tbody>
      </table>
      <button type="button" onClick={() => ref.current?.close()} autoFocus>Close</button>
    </dialog>
  );
}
