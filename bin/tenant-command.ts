import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { wireTenants } from '../app/tenants.js';
import type { ProcessSettings } from '../config/index.js';
import { createFileStore } from '../content/index.js';
import { tenantJson, type ExportProgress, type TenantsApi } from '../tenants/index.js';
import { openNewPrivateFile } from './new-private-file.js';
import type { CliIo } from './run-command.js';
import { withDatabase } from './with-database.js';
import { filesByTenant } from '../app/tenant-files.js';

const USAGE = `Usage: switchboard tenant <action> (docs/operations/tenants.md)
  create <slug> [--name N] [--max-bots n] [--max-attendants n] [--max-storage-bytes n]
  list
  suspend <slug>
  resume <slug>
  export <slug> --out <file>     the tenant's archive (gzip'd JSON Lines); never over an existing file
  delete <slug> --yes            the tenant, its rows and its stored files, for good`;

const OPTIONS = {
  name: { type: 'string' }, 'max-bots': { type: 'string' }, 'max-attendants': { type: 'string' }, 'max-storage-bytes': { type: 'string' },
  out: { type: 'string' }, yes: { type: 'boolean', default: false },
} as const;

/** Wrong usage: exit 2 with the usage text (and why). */
class UsageError extends Error {}

/**
 * `switchboard tenant` (docs/operations/tenants.md, "Lifecycle"): the operator's tenant commands
 * on the configured database and file store, each a JSON answer on stdout; an export shows its
 * progress on stderr when that is a terminal.
 */
export async function tenantCommand(argv: string[], settings: ProcessSettings, io: CliIo): Promise<number> {
  let run: (tenants: TenantsApi) => Promise<number>;
  try {
    run = planOf(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) throw error;
    io.stderr.write(`${(error as Error).message ? `${(error as Error).message}\n` : ''}${USAGE}\n`);
    return 2;
  }
  const store = filesByTenant(createFileStore(settings, { allowPrivateNetworks: settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS }));
  return withDatabase(settings, io, (database) => run(wireTenants({ database, store })));
}

function planOf(argv: string[], io: CliIo): (tenants: TenantsApi) => Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  const [action, slug, ...rest] = positionals;
  const print = (value: unknown) => io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  if (rest.length > 0) throw new UsageError(`Unexpected: ${rest.join(' ')}`);
  if (action === 'list') {
    if (slug) throw new UsageError(`Unexpected: ${slug}`);
    return async (tenants) => {
      print({ tenants: (await tenants.list()).map(tenantJson) });
      return 0;
    };
  }
  if (!slug) throw new UsageError(action ? `Which tenant? switchboard tenant ${action} <slug>` : '');
  switch (action) {
    case 'create': {
      const input = {
        slug, ...(values.name ? { name: values.name } : {}),
        ...quota('max_bots', values['max-bots']), ...quota('max_attendants', values['max-attendants']), ...quota('max_storage_bytes', values['max-storage-bytes']),
      };
      return async (tenants) => {
        print(tenantJson(await tenants.create(input)));
        return 0;
      };
    }
    case 'suspend':
    case 'resume':
      return async (tenants) => {
        print(tenantJson(await (action === 'suspend' ? tenants.suspend(slug) : tenants.resume(slug))));
        return 0;
      };
    case 'export': {
      const out = values.out;
      if (!out) throw new UsageError('Where to? --out <file>');
      return (tenants) => exportTo(tenants, slug, out, io);
    }
    case 'delete':
      if (!values.yes) throw new UsageError(`Deleting "${slug}" removes its rows and stored files for good: add --yes`);
      return async (tenants) => {
        print({ deleted: true, ...(await tenants.delete(slug)) });
        return 0;
      };
    default:
      throw new UsageError(action ? `Unknown action "${action}"` : '');
  }
}

/** A quota flag: a whole number, or `none` for no limit. */
function quota(key: string, text: string | undefined): Record<string, number | null> {
  if (text === undefined) return {};
  if (text === 'none') return { [key]: null };
  if (!/^\d+$/.test(text)) throw new UsageError(`--${key.replace(/_/g, '-')} takes a whole number (or none), not "${text}"`);
  return { [key]: Number(text) };
}

async function exportTo(tenants: TenantsApi, slug: string, out: string, io: CliIo): Promise<number> {
  const tenant = await tenants.get(slug);
  const file = await openNewPrivateFile(out, io);
  if (!file) return 1;
  const tty = (io.stderr as NodeJS.WriteStream).isTTY === true;
  const bar = tty ? new cliProgress.SingleBar({ stream: io.stderr, format: `${slug} {bar} {percentage}% | {value}/{total} rows | {files} files` }, cliProgress.Presets.shades_classic) : undefined;
  let last: ExportProgress = { rows: 0, files: 0 };
  try {
    bar?.start(tty ? await tenants.countRows(tenant.id) : 0, 0, { files: 0 });
    const { archive } = await tenants.export(tenant.id, (progress) => {
      last = progress;
      bar?.update(progress.rows, { files: progress.files });
    });
    await pipeline(archive, file.createWriteStream());
  } catch (error) {
    // A cut-short archive is not left behind to be taken for a whole one.
    await rm(out, { force: true });
    throw error;
  } finally {
    bar?.stop();
    await file.close().catch(() => undefined);
  }
  io.stdout.write(`${JSON.stringify({ tenant: tenant.slug, file: out, ...last })}\n`);
  return 0;
}
