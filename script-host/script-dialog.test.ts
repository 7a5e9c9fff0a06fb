import type { DialogState } from '../basic-interpreter/index.js';
import { answerVerdict, type ScriptDialog } from './script-dialog.js';

const waiting = (hearTries: number): ScriptDialog => ({
  status: 'waiting', state: { version: 1, hear_tries: hearTries } as unknown as DialogState, waiting_for: { variable: 'n' },
});

describe('answerVerdict', () => {
  it('a refusal asked again raises the VM count: rejected', () => {
    expect(answerVerdict({ before: waiting(0), after: waiting(1), hearFailed: false })).toBe('rejected');
    expect(answerVerdict({ before: waiting(1), after: waiting(2), hearFailed: false })).toBe('rejected');
  });

  it('the third refusal in a row is hear.failed: rejected, whatever the dialog did next', () => {
    expect(answerVerdict({ before: waiting(2), after: null, hearFailed: true })).toBe('rejected');
    expect(answerVerdict({ before: waiting(2), after: waiting(0), hearFailed: true })).toBe('rejected');
  });

  it('an answer the HEAR took: accepted (the dialog went on, ended or waits on the next HEAR)', () => {
    expect(answerVerdict({ before: waiting(2), after: waiting(0), hearFailed: false })).toBe('accepted');
    expect(answerVerdict({ before: waiting(0), after: null, hearFailed: false })).toBe('accepted');
  });

  it('a message that answers no HEAR: none', () => {
    expect(answerVerdict({ before: null, after: waiting(0), hearFailed: false })).toBe('none');
    const sleeping: ScriptDialog = { status: 'sleeping', state: { version: 1 } as DialogState, resume_at: '2026-01-01T00:00:00Z' };
    expect(answerVerdict({ before: sleeping, after: undefined, hearFailed: false })).toBe('none');
    expect(answerVerdict({ before: waiting(0), after: undefined, hearFailed: false })).toBe('none');
  });
});
