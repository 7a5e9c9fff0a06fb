/**
 * What `sessions.dialog_state` holds between turns: the VM's own JSON state plus what the engine
 * needs without running the VM — whether it waits for the customer (HEAR) or sleeps until
 * `resume_at` (WAIT). No row (null) means no dialog: the next customer message starts `start`.
 * The state and what the HEAR waits for are the script host's (script-host/run-bot-turn.ts): the
 * engine stores them as it was given them and reads only the HEAR's `type` and `menu`.
 */
export type StoredDialog<State = unknown, Waiting extends WaitingOn = WaitingOn> =
  | { status: 'waiting'; state: State; waiting_for: Waiting }
  | { status: 'sleeping'; state: State; resume_at: string };

/** What a dialog stopped at HEAR waits for, as far as the engine looks: its HEAR type (`LOGIN`…) and the choices it offered. */
export interface WaitingOn {
  type?: string;
  /** A menu's choices: picking one is the bot's to answer, not a transfer keyword (routing-rule.ts, step 6). */
  menu?: readonly { key: string; label: string }[];
}

/** The stored dialog of a session row, or null when there is none (or it is not one the engine wrote). */
export function readStoredDialog(value: unknown): StoredDialog | null {
  if (typeof value !== 'object' || value === null) return null;
  const stored = value as Partial<StoredDialog>;
  if (typeof stored.state !== 'object' || stored.state === null) return null;
  if (stored.status === 'waiting') return stored as StoredDialog;
  if (stored.status === 'sleeping' && typeof (stored as { resume_at?: unknown }).resume_at === 'string') return stored as StoredDialog;
  return null;
}
