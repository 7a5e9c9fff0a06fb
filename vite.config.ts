import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The browser half (web/): `vite build` makes the attendant console, `vite build --mode widget`
 * the embeddable chat widget (one IIFE file), `--mode cobrowse` the page recorder the widget loads
 * only when a visitor allows co-browse (docs/attendance/co-browse.md), `--mode meet` the meeting page's client. They land in
 * dist/web, which the express app serves (WEB_DIR). Vite transforms TSX itself (oxc), with React's automatic JSX runtime.
 */
export default defineConfig(({ mode }) => {
  const outDir = path.resolve(import.meta.dirname, 'dist/web');
  const common = { oxc: { jsx: { runtime: 'automatic' as const } }, logLevel: 'warn' as const };
  // One IIFE file each, next to the console: the widget, and the meeting join page's client
  // (web/meet/, served as /meet.js on /meet/{room}; docs/meetings.md).
  const single = {
    widget: ['web/widget/widget.ts', 'SwitchboardWidget'],
    cobrowse: ['web/widget/cobrowse-recorder.ts', 'SwitchboardCobrowse'],
    meet: ['web/meet/meet.ts', 'SwitchboardMeet'],
  } as const;
  if (mode === 'widget' || mode === 'cobrowse' || mode === 'meet') {
    const [entry, name] = single[mode];
    return {
      ...common,
      publicDir: false as const,
      build: {
        outDir,
        emptyOutDir: false,
        lib: { entry: path.resolve(import.meta.dirname, entry), formats: ['iife' as const], name, fileName: () => `${mode}.js` },
      },
    };
  }
  return {
    ...common,
    root: path.resolve(import.meta.dirname, 'web/console'),
    base: '/console/',
    publicDir: path.resolve(import.meta.dirname, 'web/console/public'),
    build: { outDir: path.join(outDir, 'console'), emptyOutDir: true },
  };
});
