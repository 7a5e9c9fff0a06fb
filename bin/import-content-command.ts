import { parseArgs } from 'node:util';
import { SingleBar } from 'cli-progress';
import type { ProcessSettings } from '../config/index.js';
import { createFileStore, createS3Client } from '../content/index.js';
import {
  cardDavSource, icsSource, imapSource, pstSource, runImport, s3Source, vcfSource, type ImportSource, type ImportTarget,
} from '../content/importers/index.js';
import type { CliIo } from './run-command.js';
import { withDatabase } from './with-database.js';
import { filesByTenant } from '../app/tenant-files.js';

const KINDS = ['imap', 'pst', 'ics', 'vcf', 'carddav', 's3'] as const;
type Kind = (typeof KINDS)[number];

const IMPORT_USAGE = `Usage: switchboard import <kind> <source> --owner <username> [--limit N] [options]
       switchboard import users <file.csv>   (users: docs/migration/identity.md)

Kinds and sources:
  imap <host>           --port 993 --no-tls --user U --password-env VAR   (every folder, flags kept, incremental by UID)
  pst <file.pst>        mail, contacts and calendar items of an Outlook PST
  ics <file.ics>        calendar events, recurrences and time zones kept
  vcf <file.vcf>        vCard 3.0 / 4.0 contacts
  carddav <url>         --user U --password-env VAR   (every address book of the account)
  s3 <dir | s3://bucket/prefix>  --to FOLDER, and for a bucket --source-url URL --source-access-key K --source-secret-env VAR
Every run resumes from its source's checkpoint and stores nothing twice; --limit N stops after N items.
A JSON summary is printed at the end; a progress bar is drawn on a terminal.`;

/** `switchboard import <kind>`: one source into one owner's content (docs/content.md, "Importers"). */
export async function importContentCommand(argv: string[], settings: ProcessSettings, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      owner: { type: 'string' }, limit: { type: 'string' }, port: { type: 'string' }, 'no-tls': { type: 'boolean' }, user: { type: 'string' },
      'password-env': { type: 'string' }, to: { type: 'string' }, 'source-url': { type: 'string' }, 'source-access-key': { type: 'string' },
      'source-secret-env': { type: 'string' }, 'source-region': { type: 'string' },
    },
  });
  const [kind, from] = positionals as [Kind | undefined, string | undefined];
  if (!kind || !KINDS.includes(kind) || !from || !values.owner) {
    io.stderr.write(`${IMPORT_USAGE}\n`);
    return 2;
  }
  const login = values.owner;
  const secret = (name: string | undefined) => (name ? process.env[name] ?? '' : '');
  const { createContentFilesRepo, createContentImportsRepo, createContentRecordsRepo, createUsersRepo } = await import('../db/index.js');
  return withDatabase(settings, io, async (database) => {
    const owner = await createUsersRepo(database.db).findByLogin(login);
    if (!owner) {
      io.stderr.write(`No user "${login}".\n`);
      return 1;
    }
    const records = createContentRecordsRepo(database.db);
    const target: ImportTarget = {
      owner: { user_id: owner.id, admin: owner.is_admin || owner.roles.includes('admin'), groups: [] },
      mail: records.mail, calendar: records.calendar, contacts: records.contacts,
      files: { files: createContentFilesRepo(database.db), store: filesByTenant(createFileStore(settings, { allowPrivateNetworks: settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS })) },
    };
    const sources: Record<Kind, () => ImportSource | Promise<ImportSource>> = {
      ics: () => icsSource(target, from),
      vcf: () => vcfSource(target, from),
      pst: () => pstSource(target, from),
      carddav: () => cardDavSource(target, { url: from, username: values.user ?? '', password: secret(values['password-env']), outbound: { allowPrivateNetworks: settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS } }),
      imap: () => imapSource(target, {
        host: from, port: Number(values.port ?? (values['no-tls'] ? 143 : 993)), secure: !values['no-tls'], username: values.user ?? '', password: secret(values['password-env']),
      }),
      s3: async () => s3Source(target, {
        from, to: values.to ?? '',
        ...(values['source-url'] ? {
          client: await createS3Client({
            url: values['source-url'], region: values['source-region'] ?? 'us-east-1', accessKey: values['source-access-key'] ?? '', secretKey: secret(values['source-secret-env']),
            outbound: { allowPrivateNetworks: settings.OUTBOUND_ALLOW_PRIVATE_NETWORKS },
          }),
        } : {}),
      }),
    };
    // The bar goes to stderr, and only on a terminal: piped runs get the JSON summary alone.
    const bar = (io.stderr as NodeJS.WriteStream).isTTY ? new SingleBar({ stream: io.stderr as NodeJS.WriteStream, format: `${kind} [{bar}] {value}/{total}` }) : undefined;
    let started = false;
    const summary = await runImport({
      checkpoints: createContentImportsRepo(database.db),
      onProgress: (done, total) => {
        if (!bar) return;
        if (!started) bar.start(total ?? 0, done);
        started = true;
        bar.update(done);
      },
    }, await sources[kind](), values.limit ? { limit: Number(values.limit) } : {});
    bar?.stop();
    io.stdout.write(`${JSON.stringify(summary)}\n`);
    return 0;
  });
}
