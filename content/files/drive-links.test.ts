import { ForbiddenError, NotFoundError } from '../../infra/errors.js';
import { createInMemoryFileStore } from '../../basic-interpreter/index.js';
import { createDriveLinks, driveLinkKey, DRIVE_LINK_TTL_SECONDS, type DriveLinkRequest } from './drive-links.js';
import { openDriveLink } from './open-drive-link.js';

// Signed, expiring links to bot-drive files (docs/content.md, "The bot drive").

const key = driveLinkKey(new TextEncoder().encode('a test secret of at least thirty-two characters'));
const start = new Date('2026-03-10T12:00:00Z');

function links(now = () => start, publicUrl = 'https://bots.example/') {
  return createDriveLinks({ key, publicUrl: () => publicUrl, now });
}

/** The request the download route gets for a link (path segments decoded, as express gives them). */
function requestOf(url: string): DriveLinkRequest {
  const parsed = new URL(url);
  const [bot = '', ...segments] = parsed.pathname.replace(/^\/api\/drive\/files\//, '').split('/').map(decodeURIComponent);
  return { bot, path: segments.join('/'), expires: Number(parsed.searchParams.get('expires')), signature: parsed.searchParams.get('signature') ?? '' };
}

test('a link is absolute on the public URL, its segments escaped, and expires after the TTL of 7 days', () => {
  const url = links().url('shop', 'reports/Q3 résumé #1.pdf');
  expect(url).toMatch(/^https:\/\/bots\.example\/api\/drive\/files\/shop\/reports\/Q3%20r%C3%A9sum%C3%A9%20%231\.pdf\?expires=\d+&signature=[\w-]{43}$/);
  expect(DRIVE_LINK_TTL_SECONDS).toBe(7 * 86_400);
  expect(requestOf(url)).toEqual(expect.objectContaining({ bot: 'shop', path: 'reports/Q3 résumé #1.pdf', expires: start.getTime() / 1000 + DRIVE_LINK_TTL_SECONDS }));
});

test('the link checks as valid until its expiry, then as expired', () => {
  let now = start;
  const signer = links(() => now);
  const request = requestOf(signer.url('shop', 'a/b.bin'));
  expect(signer.check(request)).toBe('valid');
  now = new Date(start.getTime() + (DRIVE_LINK_TTL_SECONDS - 1) * 1000);
  expect(signer.check(request)).toBe('valid');
  now = new Date(start.getTime() + DRIVE_LINK_TTL_SECONDS * 1000);
  expect(signer.check(request)).toBe('expired');
});

test.each([
  ['another bot', { bot: 'other' }],
  ['another path', { path: 'a/c.bin' }],
  ['a later expiry', { expires: 4_000_000_000 }],
  ['a changed signature', { signature: 'A'.repeat(43) }],
  ['a short signature', { signature: 'abc' }],
  ['no signature', { signature: '' }],
])('a link with %s is forged', (_what, change) => {
  const signer = links();
  expect(signer.check({ ...requestOf(signer.url('shop', 'a/b.bin')), ...change })).toBe('forged');
});

test('a link signed with another secret is forged', () => {
  const other = createDriveLinks({ key: driveLinkKey(new TextEncoder().encode('another secret of at least thirty-two chars')), publicUrl: () => 'https://bots.example', now: () => start });
  expect(links().check(requestOf(other.url('shop', 'a/b.bin')))).toBe('forged');
});

test('parse reads back exactly what url made, and only links to this service\'s drive route', () => {
  const signer = links();
  const url = signer.url('shop', 'received/web/v-1/Q3 résumé #1.pdf');
  expect(signer.parse(url)).toEqual(requestOf(url));
  expect(signer.check(signer.parse(url)!)).toBe('valid');
  const { search } = new URL(url);
  for (const other of [
    url.replace('https://bots.example', 'https://elsewhere.example'),
    url.replace('/api/drive/files/', '/api/files/'),
    `https://bots.example/api/drive/files/shop${search}`,
    `https://bots.example/api/drive/files/shop/a/../b.bin${search}`,
    `https://bots.example/api/drive/files/shop/a%2Fb.bin${search}`,
    `https://bots.example/api/drive/files/shop/bad%E0%A4%A.bin${search}`,
    url.replace(/expires=\d+/, 'expires=soon'),
    url.replace(/&signature=[\w-]+/, ''),
    'not a url',
  ]) expect(signer.parse(other)).toBeUndefined();
});

describe('openDriveLink', () => {
  const bytes = Buffer.from([0, 255, 1, 254]);
  const drive = createInMemoryFileStore();
  const deps = (now = () => start) => ({ links: links(now), drive: (bot: string) => (bot === 'shop' ? drive : undefined) });
  beforeAll(() => drive.write('out/data.bin', bytes));

  test('gives the file\'s name and bytes for a valid link', async () => {
    const file = await openDriveLink(deps(), requestOf(links().url('shop', 'out/data.bin')));
    expect(file.name).toBe('data.bin');
    expect(file.bytes.equals(bytes)).toBe(true);
  });

  test('refuses a forged or expired link before reading, and a file or bot that is gone is not found', async () => {
    const request = requestOf(links().url('shop', 'out/data.bin'));
    await expect(openDriveLink(deps(), { ...request, signature: request.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).rejects.toThrow(new ForbiddenError('This download link is not valid'));
    await expect(openDriveLink(deps(() => new Date(start.getTime() + 8 * 86_400_000)), request)).rejects.toThrow(new ForbiddenError('This download link has expired'));
    await expect(openDriveLink(deps(), requestOf(links().url('shop', 'out/none.bin')))).rejects.toBeInstanceOf(NotFoundError);
    await expect(openDriveLink(deps(), requestOf(links().url('gone', 'out/data.bin')))).rejects.toBeInstanceOf(NotFoundError);
  });
});
