// Types of build-plan.mjs for its test (the module itself stays plain JavaScript: it runs before any build).

/** One of the four builds of `npm run build`. */
export interface BuildPart {
  name: string;
  label: string;
  tool: 'tsc' | 'vite';
  args: string[];
  dirs: string[];
  suffix?: string;
  /** Walked like `dirs`, every file counting whatever its suffix (the server's JSON catalogues). */
  anyFileDirs?: string[];
  files: string[];
  outputs: string[];
}

/** A part as found on disk: its newest source time (ms) and whether its output exists. */
export interface PartOnDisk {
  name: string;
  newestSource: number | null;
  outputsPresent: boolean;
}

/** dist/.build-stamp.json: when each part's last successful build started. */
export interface BuildStamp {
  parts?: Record<string, { started_at?: number; built_at?: string }>;
}

export type BuildReason = 'forced' | 'no_build' | 'sources_changed' | 'up_to_date';

/** Whether a part is built, and why. */
export interface PartDecision {
  name: string;
  build: boolean;
  reason: BuildReason;
}

export const STAMP_FILE: string;
export const BUILD_PARTS: BuildPart[];
export function excludeTest(entries: string[]): (rel: string) => boolean;
export function newestSourceTime(root: string, part: BuildPart): number | null;
export function readStamp(root: string): BuildStamp | null;
export function inspectParts(root: string, parts?: BuildPart[]): PartOnDisk[];
export function decideParts(input: { parts: PartOnDisk[]; stamp: BuildStamp | null; force?: boolean }): PartDecision[];
export function summaryLine(decisions: PartDecision[]): string;
