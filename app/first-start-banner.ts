/**
 * The box `npm start` prints when this start created the first admin (README, "Quick start"):
 * plain text on standard output whatever the log's format, as it is the one place the generated
 * password is shown.
 */
export interface FirstStart {
  /** The admin account this start created. */
  admin: string;
  /** Its generated password; absent when ADMIN_PASSWORD chose it. */
  password?: string;
}

export function firstStartBanner(start: FirstStart, where: { url: string; demoBot: string | undefined }): string {
  const lines = [
    'Switchboard is running.',
    '',
    `Admin user:  ${start.admin}`,
    start.password ? `Password:    ${start.password}   (shown once; keep it)` : 'Password:    the one in ADMIN_PASSWORD',
    `Console:     ${where.url}/console/`,
    ...(where.demoBot ? [`Demo page:   ${where.url}/demo/${where.demoBot}`, `Chat here:   npm run chat ${where.demoBot}`] : []),
    `API docs:    ${where.url}/api/docs`,
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule, ''].join('\n');
}
