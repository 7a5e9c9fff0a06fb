import { ValidationError } from '../infra/errors.js';

/** Some recipients are not known users (docs/notifications.md, "Send"): the body lists them in `invalid_recipients`. */
export class InvalidRecipientsError extends ValidationError {
  constructor(invalid: readonly string[]) {
    super(`Unknown recipients: ${invalid.join(', ')}`, [], 'invalid_recipients');
    (this.details as Record<string, unknown>).invalid_recipients = [...invalid];
  }
}
