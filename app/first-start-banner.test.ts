import { firstStartBanner } from './first-start-banner.js';

test('the first start box names the admin, the generated password and where to go, in lines of one width', () => {
  const box = firstStartBanner({ admin: 'admin', password: 'Zr3-secret_pw' }, { url: 'http://127.0.0.1:8080', demoBot: 'default' });
  const lines = box.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^\+-+\+$/);
  expect(lines.at(-1)).toBe(lines[0]);
  expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  expect(box).toContain('| Admin user:  admin');
  expect(box).toContain('Password:    Zr3-secret_pw   (shown once; keep it)');
  expect(box).toContain('Console:     http://127.0.0.1:8080/console/');
  expect(box).toContain('Demo page:   http://127.0.0.1:8080/demo/default');
  expect(box).toContain('Chat here:   npm run chat default');
});

test('a password chosen with ADMIN_PASSWORD is not repeated, and without bots there is no demo line', () => {
  const box = firstStartBanner({ admin: 'root' }, { url: 'http://10.0.0.5:9000', demoBot: undefined });
  expect(box).toContain('Password:    the one in ADMIN_PASSWORD');
  expect(box).not.toContain('Demo page');
});
