import { refusedAnswers, type DialogState, type TurnResult, type WaitingFor } from '../basic-interpreter/index.js';
import { readStoredDialog, type AnswerVerdict, type StoredDialog } from '../engine/index.js';

/**
 * The session's stored dialog (engine/dialog-envelope.ts) as the script host writes and reads it:
 * the VM's state and what its HEAR waits for. The engine stores them untouched, so what it gives
 * back is what {@link storedDialogOf} made.
 */
export type ScriptDialog = StoredDialog<DialogState, WaitingFor>;

/** The stored dialog of a session row (see {@link ScriptDialog}), or null when there is none. */
export function readScriptDialog(value: unknown): ScriptDialog | null {
  return readStoredDialog(value) as ScriptDialog | null;
}

/** What to store after a turn: the suspended dialog, or null when it ended (done or error). */
export function storedDialogOf(result: TurnResult): ScriptDialog | null {
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

/** The dialog around one customer message: as stored before it, as the bot turn left it, and whether a HEAR gave up. */
export interface TurnDialogs {
  before: ScriptDialog | null;
  /** undefined: the VM did not run (nothing changed). */
  after: ScriptDialog | null | undefined;
  /** The third refused answer in a row: the HEAR stored NULL and the script went on (`hear.failed`). */
  hearFailed: boolean;
}

/**
 * Whether the message was an answer and a HEAR refused it (the smart transfer's failed attempts,
 * docs/attendance/smart-transfer.md). The VM counts refusals in a row in its saved state
 * (`refusedAnswers`): a higher count after the turn means this answer was refused and asked
 * again; the third refusal resets it and reports `hear.failed` instead.
 */
export function answerVerdict({ before, after, hearFailed }: TurnDialogs): AnswerVerdict {
  if (before?.status !== 'waiting' || after === undefined) return 'none';
  if (hearFailed) return 'rejected';
  const refusedAgain = after?.status === 'waiting' && hearTries(after) > hearTries(before);
  return refusedAgain ? 'rejected' : 'accepted';
}

const hearTries = (dialog: ScriptDialog): number => refusedAnswers(dialog.state);
