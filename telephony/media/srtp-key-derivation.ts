import { createCipheriv } from 'node:crypto';

/** One direction's session keys (RFC 3711 §4.3): AES-128 key, 112-bit salt, HMAC-SHA1 key. */
export interface SrtpSessionKeys {
  cipherKey: Buffer;
  cipherSalt: Buffer;
  authKey: Buffer;
}

/** SRTP's labels (RFC 3711 §4.3.2); SRTCP's (3–5) are not needed: RTCP is neither sent nor read. */
const LABEL = { cipherKey: 0, authKey: 1, cipherSalt: 2 } as const;

/** A 16-byte master key followed by a 14-byte master salt, as `a=crypto`'s inline key carries them. */
export const MASTER_KEY_BYTES = 16;
export const MASTER_SALT_BYTES = 14;

/**
 * The session keys from a master key and salt (RFC 3711 §4.3.1, key derivation rate 0, so they
 * are derived once): each is the AES-CM keystream whose IV is the salt XOR the label at byte 7.
 */
export function deriveSrtpSessionKeys(masterKey: Buffer, masterSalt: Buffer): SrtpSessionKeys {
  if (masterKey.length !== MASTER_KEY_BYTES || masterSalt.length !== MASTER_SALT_BYTES) throw new RangeError('SRTP needs a 16-byte master key and a 14-byte master salt');
  const derive = (label: number, length: number) => {
    const iv = Buffer.alloc(16);
    masterSalt.copy(iv);
    iv[7] = (iv[7] ?? 0) ^ label; // x = key_id (label || index/kdr = 0) XOR master salt, then · 2^16
    const cipher = createCipheriv('aes-128-ctr', masterKey, iv);
    return Buffer.concat([cipher.update(Buffer.alloc(length)), cipher.final()]);
  };
  return {
    cipherKey: derive(LABEL.cipherKey, 16),
    cipherSalt: derive(LABEL.cipherSalt, 14),
    authKey: derive(LABEL.authKey, 20),
  };
}
