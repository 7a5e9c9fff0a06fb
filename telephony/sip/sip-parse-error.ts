/**
 * Anything received that is not a well-formed SIP message (or header, or URI). `status` is the
 * answer a UAS gives to such a request: 400 usually, 505 for an unknown SIP version.
 */
export class SipParseError extends Error {
  override readonly name = 'SipParseError';
  constructor(message: string, readonly status = 400) {
    super(message);
  }
}
