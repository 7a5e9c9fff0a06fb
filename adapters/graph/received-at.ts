/**
 * When the provider says a message was sent, as a Date: its timestamp in milliseconds, or now when
 * it gave none or one no Date can hold (not a number, beyond year 275760). A timestamp is a
 * provider's claim, never a reason to refuse the customer's message.
 */
export function receivedAt(milliseconds: number | undefined): Date {
  const at = milliseconds === undefined ? undefined : new Date(milliseconds);
  return at && !Number.isNaN(at.getTime()) ? at : new Date();
}
