import type Jpeg from 'jpeg-js';
import type { PNG } from 'pngjs';

/**
 * The QR code reader behind HEAR x AS QRCODE (docs/basic.md): a PNG or JPEG picture's bytes → the
 * text of the QR code in it. Decoding is CPU work on the turn's thread, so it is bounded: the
 * picture's size in bytes and in pixels is checked before its pixels are decoded. The decoders
 * load on first use, so a server that never reads a code never loads them.
 */

/** Bounds of one reading: bytes fetched and pixels decoded (a 12-megapixel phone photo passes). */
export interface QrLimits {
  maxBytes: number;
  maxPixels: number;
}

export const QR_LIMITS: QrLimits = { maxBytes: 8 * 1024 * 1024, maxPixels: 12_000_000 };

/** Why a picture gave no text: each one asks the customer again. */
export type QrProblem = 'not_png_or_jpeg' | 'too_large' | 'unreadable_image' | 'no_code';

export type QrReading = { ok: true; text: string } | { ok: false; problem: QrProblem };

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
type Decoders = { jsQR: JsQr; PNG: typeof PNG; jpeg: typeof Jpeg };
let decoders: Promise<Decoders> | undefined;

/** The three decoders, imported once on the first reading. */
function loadDecoders(): Promise<Decoders> {
  // jsqr is CommonJS whose exports also carry itself as `default`.
  decoders ??= Promise.all([import('jsqr'), import('pngjs'), import('jpeg-js')]).then(([qr, png, jpeg]) => ({
    jsQR: qr.default.default, PNG: png.PNG, jpeg: jpeg.default,
  }));
  return decoders;
}

/** Reads the QR code in a PNG or JPEG picture; the first code found wins. */
export async function readQrCode(bytes: Uint8Array, limits: QrLimits = QR_LIMITS): Promise<QrReading> {
  if (bytes.length > limits.maxBytes) return { ok: false, problem: 'too_large' };
  const format = PNG_SIGNATURE.every((b, i) => bytes[i] === b) ? 'png' : bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff ? 'jpeg' : undefined;
  if (!format) return { ok: false, problem: 'not_png_or_jpeg' };
  // PNG says its size in the header chunk, read before any pixel is decoded; jpeg-js checks its own.
  if (format === 'png' && pngPixels(bytes) > limits.maxPixels) return { ok: false, problem: 'too_large' };
  const { jsQR, PNG, jpeg } = await loadDecoders();
  let image: Rgba;
  try {
    image = format === 'png'
      ? PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))
      : jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: limits.maxPixels / 1_000_000, maxMemoryUsageInMB: 256 });
  } catch (error) {
    const tooLarge = error instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(error.message);
    return { ok: false, problem: tooLarge ? 'too_large' : 'unreadable_image' };
  }
  const data = image.data instanceof Uint8ClampedArray ? image.data : new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  const code = jsQR(data, image.width, image.height);
  return code && code.data !== '' ? { ok: true, text: code.data } : { ok: false, problem: 'no_code' };
}

/** Width × height from a PNG's IHDR chunk (bytes 16–23, big-endian); unknown → 0, left to the decoder. */
function pngPixels(bytes: Uint8Array): number {
  if (bytes.length < 24) return 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  return view.getUint32(16) * view.getUint32(20);
}
