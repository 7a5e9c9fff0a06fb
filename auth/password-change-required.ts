import { ForbiddenError } from '../infra/errors.js';

/**
 * The password was right but is a one-time password (`switchboard credentials generate`): the
 * login answers 403 `password_change_required` and the user sets a new one through
 * `POST /api/auth/change-password` (docs/migration/identity.md, "Bulk credentials").
 */
export class PasswordChangeRequiredError extends ForbiddenError {
  override readonly code = 'password_change_required';

  constructor() {
    super('This password must be changed before signing in: POST /api/auth/change-password');
  }
}
