import { randomBytes } from 'node:crypto';
import type { MediaDescription } from 'sdp-transform';
import { SRTP_SUITES, type SrtpKey, type SrtpSuite } from './srtp-context.js';

/** An `a=crypto` line we can use: its tag (the answer repeats it) and the key it carries. */
export interface OfferedCrypto {
  tag: number;
  key: SrtpKey;
}

const KEY_AND_SALT_BYTES = 30;

/**
 * The first `a=crypto` of an m-line that we can use (SDES, RFC 4568): a suite of SRTP_SUITES, one
 * inline key of 30 bytes (master key ‖ salt), no MKI and no session parameters (which would change
 * how SRTP is run, e.g. UNENCRYPTED_SRTP). Lines that ask for more are passed over.
 */
export function offeredCrypto(line: MediaDescription): OfferedCrypto | undefined {
  for (const crypto of line.crypto ?? []) {
    const suite = SRTP_SUITES.find((known) => known === crypto.suite.toUpperCase());
    if (!suite || crypto.sessionConfig) continue;
    const keyParams = crypto.config.split(';');
    if (keyParams.length !== 1) continue; // several keys mean MKIs
    const [method, rest = ''] = splitOnce(keyParams[0] ?? '', ':');
    if (method.toLowerCase() !== 'inline') continue;
    const [key, ...extras] = rest.split('|');
    // A lifetime (`2^31`) is allowed; an MKI (`1:4`) is not spoken.
    if (extras.some((extra) => extra.includes(':')) || extras.length > 1) continue;
    const keyAndSalt = Buffer.from(key ?? '', 'base64');
    if (keyAndSalt.length !== KEY_AND_SALT_BYTES) continue;
    return { tag: crypto.id, key: { suite, keyAndSalt } };
  }
  return undefined;
}

/** A fresh key of ours for `suite`, from the system's secure random source. */
export function newSrtpKey(suite: SrtpSuite): SrtpKey {
  return { suite, keyAndSalt: randomBytes(KEY_AND_SALT_BYTES) };
}

/** Our `a=crypto` line, as sdp-transform writes it. */
export function cryptoAttribute(tag: number, key: SrtpKey): NonNullable<MediaDescription['crypto']>[number] {
  return { id: tag, suite: key.suite, config: `inline:${key.keyAndSalt.toString('base64')}` };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
