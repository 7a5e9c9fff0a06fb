import { readFileSync, readdirSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { loadScript, NO_TABLE_DEFINITIONS, type CompiledScript, type ScriptLibrary, type TableDefinitions } from '../../basic-interpreter/index.js';

interface Entry {
  file: string;
  /** When the file was last looked at (the folder's clock). */
  checkedAt: number;
  mtimeMs: number;
  size: number;
  script?: CompiledScript;
  errors: string[];
}

/** Reports a script that failed to compile; the caller decides how to log. */
export type ProblemListener = (file: string, errors: string[]) => void;

/** How often a known script's file is looked at again; default 1 s. */
export interface ScriptFolderOptions {
  recheckMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * The scripts of one bot's `.gbdialog` folder as a ScriptLibrary. A `get` looks at the file's
 * modification time (one stat) when it was last looked at more than `recheckMs` ago, so an
 * edited `.bas` is picked up within a second without a restart or a file watcher, and a busy bot
 * does not touch the disk on every turn (docs/performance.md). A file that no longer compiles
 * keeps serving its last good version, and the listener hears about the errors once per change.
 */
export class ScriptFolder implements ScriptLibrary {
  private readonly entries = new Map<string, Entry>();
  /** The bot's table definitions, as loadBotScripts found them at start-up (docs/basic.md, "Table definitions"). */
  tables: TableDefinitions = NO_TABLE_DEFINITIONS;
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(
    readonly dir: string,
    private readonly onProblem: ProblemListener = () => undefined,
    options: ScriptFolderOptions = {},
  ) {
    this.recheckMs = options.recheckMs ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /** Compiles every `.bas` now, so broken scripts are reported at start-up rather than at first use. */
  loadAll(): { loaded: string[]; failed: { file: string; errors: string[] }[] } {
    const loaded: string[] = [];
    const failed: { file: string; errors: string[] }[] = [];
    for (const name of this.names()) {
      const entry = this.refresh(name);
      if (entry?.errors.length) failed.push({ file: entry.file, errors: entry.errors });
      else if (entry?.script) loaded.push(name);
    }
    return { loaded, failed };
  }

  /** Lower-case names (file names without `.bas`) of the scripts in the folder. */
  names(): string[] {
    return this.listFiles().map((f) => path.basename(f, path.extname(f)).toLowerCase()).sort();
  }

  get(name: string): CompiledScript | undefined {
    return this.refresh(name.toLowerCase())?.script;
  }

  private refresh(name: string): Entry | undefined {
    const known = this.entries.get(name);
    const now = this.now();
    if (known && now - known.checkedAt < this.recheckMs) return known;
    // One stat: it both checks the known file still exists and reads its mtime.
    let file = known?.file;
    let stat = file ? statIfExists(file) : undefined;
    if (!stat) {
      file = this.findFile(name);
      stat = file ? statIfExists(file) : undefined;
    }
    if (!file || !stat) {
      this.entries.delete(name);
      return undefined;
    }
    if (known && known.file === file && known.mtimeMs === stat.mtimeMs && known.size === stat.size) {
      known.checkedAt = now;
      return known;
    }
    const result = loadScript(readFileSync(file, 'utf8'), file);
    const entry: Entry = {
      file,
      checkedAt: now,
      mtimeMs: stat.mtimeMs,
      size: stat.size,
      script: result.ok ? result.script : known?.script,
      errors: result.ok ? [] : result.errors,
    };
    if (!result.ok) this.onProblem(file, result.errors);
    this.entries.set(name, entry);
    return entry;
  }

  private findFile(name: string): string | undefined {
    return this.listFiles().find((f) => path.basename(f, path.extname(f)).toLowerCase() === name);
  }

  private listFiles(): string[] {
    try {
      return readdirSync(this.dir)
        .filter((f) => f.toLowerCase().endsWith('.bas'))
        .map((f) => path.join(this.dir, f));
    } catch {
      return [];
    }
  }
}

function statIfExists(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
