import QRCode from 'qrcode';
import { createInMemoryFileStore } from '../../basic-interpreter/index.js';
import { receiveHearFile, type HearFileDeps, type HearFileProblem } from './hear-file.js';

const at = new Date('2026-11-25T19:45:12.123Z');

function deps(fetch: HearFileDeps['fetch'], overrides: Partial<HearFileDeps> = {}) {
  const problems: [HearFileProblem, string | undefined][] = [];
  const drive = createInMemoryFileStore();
  const made: HearFileDeps = {
    fetch, drive, sessionId: 'S1', now: () => at, link: (path) => `https://sb.example/${path}?signed`,
    onProblem: (problem, detail) => problems.push([problem, detail]), ...overrides,
  };
  return { made, drive, problems };
}

describe('receiveHearFile', () => {
  it('keeps the file under received/<session>/ with a stamped, safe name and answers its link', async () => {
    const { made, drive } = deps(async () => ({ bytes: Buffer.from([0, 1, 255]) }));
    const link = await receiveHearFile(made, 'document', { type: 'file', name: '../../etc/my contract (v2).pdf' });
    expect(link).toBe('https://sb.example/received/S1/20261125T194512123-my_contract_v2_.pdf?signed');
    expect(await drive.read('received/S1/20261125T194512123-my_contract_v2_.pdf')).toEqual(Buffer.from([0, 1, 255]));
  });

  it('names a file without a name after its kind and media type; answers the path without links', async () => {
    const { made } = deps(async () => ({ bytes: Buffer.from('x'), mime_type: 'audio/ogg; codecs=opus' }), { link: undefined });
    expect(await receiveHearFile(made, 'audio', { type: 'audio' })).toBe('received/S1/20261125T194512123-audio.ogg');
    const { made: jpeg } = deps(async () => ({ bytes: Buffer.from('x') }), { link: undefined });
    expect(await receiveHearFile(jpeg, 'image', { type: 'image', mime_type: 'image/jpeg' })).toBe('received/S1/20261125T194512123-image.jpg');
  });

  it('links a file the drive has already (a web upload) without a copy', async () => {
    const { made, drive } = deps(async () => ({ bytes: Buffer.from('x'), drive_path: 'received/web/v1/a.png' }));
    expect(await receiveHearFile(made, 'image', { type: 'image' })).toBe('https://sb.example/received/web/v1/a.png?signed');
    expect(await drive.list('received/S1')).toEqual([]);
  });

  it('answers null (the customer is asked again) when the file cannot be fetched, and says why', async () => {
    const { made, problems } = deps(async () => {
      throw new Error('the provider gave no URL for this media');
    });
    expect(await receiveHearFile(made, 'image', { type: 'image' })).toBeNull();
    expect(problems).toEqual([['not_fetched', 'the provider gave no URL for this media']]);
  });

  it('reads a QR code from the picture instead of keeping it; a picture without one is null', async () => {
    const png = await QRCode.toBuffer('BOARDING 12A', { type: 'png', scale: 4 });
    const { made, drive } = deps(async (_a, maxBytes) => ({ bytes: maxBytes >= png.length ? png : Buffer.alloc(0) }));
    expect(await receiveHearFile(made, 'qrcode', { type: 'image' })).toBe('BOARDING 12A');
    expect(await drive.list('received')).toEqual([]);
    const { made: notPicture, problems } = deps(async () => ({ bytes: Buffer.from('%PDF') }));
    expect(await receiveHearFile(notPicture, 'qrcode', { type: 'file' })).toBeNull();
    expect(problems).toEqual([['not_png_or_jpeg', undefined]]);
  });
});
