import type { ScriptLibrary, TableDefinitions } from '../basic-interpreter/index.js';
import type { BotDataRepo, BotWatchesRepo, TableTriggerRunsRepo } from '../db/index.js';
import type { ChannelRegistry, EngineBot } from '../engine/index.js';
import type { JobQueue } from '../infra/jobs/index.js';
import type { LockPort } from '../infra/locks/index.js';
import type { Logger } from '../infra/logger.js';
import type { RateLimiter } from '../infra/rate-limit/index.js';
import type { ContactsPort, FileLinksPort, FilesPort, LlmPort, MailboxPort, MailPort, MeetingsPort, ScriptCapabilitiesPort, SignInLinksPort, UsersPort } from './ports.js';

/** A bot as its scripts run: the engine's bot with its `.gbdialog` scripts and `param-*` values. The service's RunnableBot satisfies it. */
export interface ScriptBot extends EngineBot {
  /** `param-<x>` values of config.csv by `x`: preset variables of every dialog. */
  readonly params: Record<string, string>;
  /** Its scripts; `names` lists them, to find the handlers of a table change, a watch, a webhook or a form. */
  readonly dialogs: ScriptLibrary & { names(): string[]; tables?: TableDefinitions };
}

/** The repositories the scripts' keywords and background runs use, built once by the composition root. */
export interface ScriptHostRepositories {
  botData: BotDataRepo;
  /** Pending runs of table handlers: written by `botData` with the change, claimed and settled by the job. */
  triggerRuns: Pick<TableTriggerRunsRepo, 'claim' | 'settle' | 'listPending'>;
  /** Where ON EMAIL / ON CHANGE watches stand; without it nothing is watched. */
  watches?: BotWatchesRepo;
}

/** Everything {@link createScriptHost} is built from. Ports left out get their defaults ("not configured"). */
export interface ScriptHostDeps {
  repos: ScriptHostRepositories;
  jobs: JobQueue;
  logger: Logger;
  /** The loaded bot packages by name (the `<name>.gbai` folder). */
  bots: (name: string) => ScriptBot | undefined;
  /** The names of the loaded bots of the scope's tenant: start-up schedules the ON EMAIL / ON CHANGE watches of those that have some, tenant by tenant. */
  botNames?: () => string[];
  /** The channel adapters, for the files customers send (HEAR's media types): the engine's registry. */
  channels: Pick<ChannelRegistry, 'get'>;
  /** Keeps one ON EMAIL / ON CHANGE look per bot at a time across instances; default in-process. */
  locks?: LockPort;
  /** Default: answers `{success:false, …}` ("not configured"). */
  meetings?: MeetingsPort;
  /** Default: SEND MAIL is a runtime error ("not configured"). */
  mail?: MailPort;
  /** Default: LLM is a runtime error ("not configured"). */
  llm?: LlmPort;
  /** ON EMAIL's IMAP reader; default: ON EMAIL is "not available". */
  mailbox?: MailboxPort;
  /** CREATE USER; default: "not available". */
  users?: UsersPort;
  /** The bots' drives (file keywords); default: "not available". */
  files?: FilesPort;
  /** Links to drive files for SEND FILE; default: SEND FILE of a drive file is "not available". */
  fileLinks?: FileLinksPort;
  /** Links to the sign-in page for HEAR x AS LOGIN; default: HEAR AS LOGIN is "not available". */
  signInLinks?: SignInLinksPort;
  /**
   * The server's public URL (PUBLIC_URL, else where it listens), without a trailing `/`: the
   * links scripts answer (CREATE SITE) are absolute. Default: none, links start at `/`.
   */
  publicUrl?: () => string;
  /** GET CONTACT, SET CONTACT, ADD TAG: the CRM's contacts; default: "not available". */
  contacts?: ContactsPort;
  /** SEND SMS, SEND TEMPLATE, USE KB, ADD TOOL…; default: each "not available". */
  capabilities?: Partial<ScriptCapabilitiesPort>;
  /** Counts requests to the bots' WEBHOOK scripts and forms (`webhook-rate-limit`); default: in this process. */
  rateLimiter?: RateLimiter;
  /** The clock, for tests. */
  now?: () => Date;
}

/** The script host's wiring as its use cases see it (internal to script-host/). */
export interface HostContext {
  readonly repos: ScriptHostRepositories;
  readonly jobs: JobQueue;
  readonly logger: Logger;
  readonly bots: (name: string) => ScriptBot | undefined;
  readonly botNames: () => string[];
  readonly channels: Pick<ChannelRegistry, 'get'>;
  readonly locks: LockPort;
  readonly meetings: MeetingsPort;
  readonly mail: MailPort;
  readonly llm: LlmPort;
  readonly mailbox: MailboxPort;
  readonly users: UsersPort;
  readonly files: FilesPort;
  readonly fileLinks?: FileLinksPort;
  readonly signInLinks?: SignInLinksPort;
  readonly publicUrl: () => string;
  readonly capabilities: ScriptCapabilitiesPort;
  readonly contacts: ContactsPort;
  readonly rateLimiter: RateLimiter;
  readonly now: () => Date;
}

/** Job names the script host registers in `start()`: runs of scripts without a conversation. */
export const HOST_JOBS = {
  scheduled: 'dialog.scheduled',
  triggered: 'dialog.triggered',
  watch: 'dialog.watch',
} as const;
