import { createHash, randomBytes } from 'node:crypto';
import { cp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../db/connection.js';

/**
 * The embedded database already created and migrated, for suites to copy instead of building
 * their own: PGlite's first start (initdb) plus the migrations took about three seconds of every
 * suite's set-up, and copying the folder takes a fraction of that — what PostgreSQL's
 * `CREATE DATABASE … TEMPLATE` does. The template lives in the system's temporary folder, named
 * by a hash of the migrations and the PGlite version, so a change to either builds a new one.
 */
const MIGRATIONS = path.resolve('db/migrations');
const PGLITE_PACKAGE = path.resolve('node_modules/@electric-sql/pglite/package.json');
const PREFIX = 'switchboard-pglite-template-';

let template: Promise<string> | undefined;

/** Fills the PGlite folder `target`, in a folder that exists, with a migrated, empty database, unless it already holds one. */
export async function copyMigratedPglite(target: string): Promise<void> {
  if (await isDirectory(target)) return;
  template ??= migratedTemplate();
  await cp(await template, target, { recursive: true });
}

async function migratedTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `${PREFIX}${await templateKey()}`);
  if (await isDirectory(dir)) return dir;
  // Built aside and renamed into place, so a copy never sees half a template. Workers that start
  // together may each build one; the first rename wins and the others drop theirs.
  const building = `${dir}.building-${process.pid}-${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ pgliteDir: building });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  try {
    await rename(building, dir);
  } catch (error) {
    if (!(await isDirectory(dir))) throw error;
    await rm(building, { recursive: true, force: true });
  }
  await removeStaleTemplates(dir);
  return dir;
}

async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(JSON.parse(await readFile(PGLITE_PACKAGE, 'utf8')).version as string);
  for (const name of (await readdir(MIGRATIONS, { recursive: true })).sort()) {
    const file = path.join(MIGRATIONS, name);
    if (await isDirectory(file)) continue;
    hash.update(name).update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Removes templates of other migrations made over an hour ago: a run on other code may still be copying a newer one. */
async function removeStaleTemplates(current: string): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), name);
    if (!name.startsWith(PREFIX) || dir === current) continue;
    const info = await stat(dir).catch(() => undefined);
    if (info && info.mtimeMs < hourAgo) await rm(dir, { recursive: true, force: true });
  }
}

async function isDirectory(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isDirectory() ?? false;
}
