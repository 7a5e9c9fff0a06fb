import type { DialogState, TurnResult, WaitingFor } from '../basic-interpreter/index.js';

/**
 * What `sessions.dialog_state` holds between turns: the VM's own JSON state plus what the engine
 * needs without running the VM — whether it waits for the customer (HEAR) or sleeps until
 * `resume_at` (WAIT). No row (null) means no dialog: the next customer message starts `start`.
 */
export type StoredDialog =
  | { status: 'waiting'; state: DialogState; waiting_for: WaitingFor }
  | { status: 'sleeping'; state: DialogState; resume_at: string };

/** The stored dialog of a session row, or null when there is none (or it is not one the engine wrote). */
export function readStoredDialog(value: unknown): StoredDialog | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Partial<StoredDialog>;
  if (typeof stored.state !== 'object' || stored.state === null) return null;
  if (stored.status === 'waiting') return stored as StoredDialog;
  if (stored.status === 'sleeping' && typeof (stored as { resume_at?: unknown }).resume_at === 'string') return stored as StoredDialog;
  return null;
}

/** What to store after a turn: the suspended dialog, or null when it ended (done or error). */
export function storedDialogOf(result: TurnResult): StoredDialog | null {
  switch (result.status) {
    case 'waiting':
      return { status: 'waiting', state: result.state, waiting_for: result.waiting_for };
    case 'sleeping':
      return { status: 'sleeping', state: result.state, resume_at: result.resume_at };
    case 'done':
    case 'error':
      return null;
  }
}
