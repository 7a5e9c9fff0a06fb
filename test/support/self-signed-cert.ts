import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';

/**
 * A self-signed P-256 certificate for `127.0.0.1` (subjectAltName IP), built with node:crypto and
 * a few lines of DER, so a test can run a real HTTPS server and give its client a trust anchor.
 */
export function selfSignedCertificate(): { key: string; cert: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const tlv = (tag: number, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const len = body.length < 128 ? Buffer.from([body.length]) : body.length < 256 ? Buffer.from([0x81, body.length]) : Buffer.from([0x82, body.length >> 8, body.length & 255]);
    return Buffer.concat([Buffer.from([tag]), len, body]);
  };
  const seq = (...p: Buffer[]) => tlv(0x30, ...p);
  const oid = (hex: string) => tlv(0x06, Buffer.from(hex, 'hex'));
  const ECDSA_SHA256 = seq(oid('2a8648ce3d040302'));
  const name = seq(tlv(0x31, seq(oid('550403'), tlv(0x0c, Buffer.from('127.0.0.1')))));
  const time = (d: Date) => tlv(0x17, Buffer.from(d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));
  const now = Date.now();
  const san = seq(oid('551d11'), tlv(0x04, seq(tlv(0x87, Buffer.from([127, 0, 0, 1])))));
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([2]))),
    tlv(0x02, Buffer.from([1, ...Array.from({ length: 7 }, () => Math.floor(Math.random() * 256))])),
    ECDSA_SHA256, name, seq(time(new Date(now - 3600_000)), time(new Date(now + 86_400_000))), name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(san)),
  );
  const signature = sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  const der = seq(tbs, ECDSA_SHA256, tlv(0x03, Buffer.from([0]), signature));
  const pem = `-----BEGIN CERTIFICATE-----\n${der.toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  return { key: createPrivateKey(privateKey.export({ type: 'pkcs8', format: 'pem' })).export({ type: 'pkcs8', format: 'pem' }) as string, cert: pem };
}
