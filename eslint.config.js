// Lint for the bugs that matter in an async server (floating promises, non-exhaustive switches, loose equality),
// and for the design: each folder's imports are limited to what docs/architecture.md allows.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** A relative import into the top-level folder `name` (`../db/x.js`, `../../db/index.js`). */
const into = (name) => `^(\\.\\./)+${name}/`;
/** A relative import into `name` other than through its index (its internals). */
const internalsOf = (name) => `^(\\.\\./)+${name}/(?!index\\.js$)`;
const WHY = 'docs/architecture.md, "Dependency rules, enforced"';
const forbid = (regex, what) => ({ regex, message: `${what} (${WHY}).` });
const packages = (names, what) => ({ group: names, message: `${what} (${WHY}).` });
const NODE_IO = ['node:fs', 'node:fs/promises', 'fs', 'fs/promises', 'node:http', 'node:https', 'node:net', 'node:dns', 'node:dns/promises',
  'node:tls', 'node:dgram', 'node:child_process', 'node:worker_threads'];
const DB_DRIVERS = ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'];
const QUEUE_DRIVERS = ['bullmq', 'ioredis'];

/** One folder's rule: `files` may not import what `patterns` name. Tests may reach further. */
const boundary = (files, patterns, ignores = []) => ({
  files,
  ignores: ['**/*.test.ts', ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const AREAS = ['engine', 'attendance', 'adapters', 'http', 'basic-interpreter', 'db', 'auth', 'config', 'infra', 'bin', 'notifications', 'groups', 'knowledge', 'meetings', 'identity', 'content'];

/**
 * HTTP files that still build on db/ types and handles; the attendance routes move to service
 * functions in a follow-up. Every other http file is held to the rule.
 */

const httpRules = [
  forbid(internalsOf('(engine|attendance|basic-interpreter|adapters|auth|notifications|groups|meetings|identity|content)'), 'HTTP uses the domain areas through their index.js'),
  packages([...DB_DRIVERS, ...QUEUE_DRIVERS], 'HTTP reaches no database or queue driver'),
];

const boundaries = [
  boundary(['db/**/*.ts'], [forbid(into(`(${AREAS.filter((a) => a !== 'db').join('|')})`), 'db/ imports nothing above it')]),
  boundary(['basic-interpreter/**/*.ts'], [
    forbid(into(`(${AREAS.filter((a) => a !== 'basic-interpreter').join('|')})`), 'The interpreter imports no other area: it is pure'),
    packages([...NODE_IO, 'axios', 'undici', 'openai'], 'The interpreter does no I/O: its host port does, on the engine side'),
  ]),
  boundary(['engine/**/*.ts'], [
    forbid(into('(adapters|http|attendance|auth|bin)'), 'The engine does not know adapters, HTTP or attendance'),
    packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'The engine reaches drivers only through ports and repositories'),
  ]),
  boundary(['adapters/**/*.ts'], [
    forbid(into('(attendance|basic-interpreter|db|http|bin)'), 'Adapters know their provider and the engine, nothing else'),
    forbid(internalsOf('engine'), 'Adapters use the engine through engine/index.js'),
  ]),
  boundary(['attendance/**/*.ts'], [
    forbid(into('(http|adapters|bin)'), 'Attendance knows no HTTP or channel adapter'),
    forbid(internalsOf('engine'), 'Attendance hears from the engine through engine/index.js (its events and outbound port)'),
    packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'Attendance reaches drivers only through ports and repositories'),
  ]),
  boundary(['infra/**/*.ts'], [forbid(into('(engine|attendance|adapters|http|basic-interpreter|db|auth|bin|groups|content)'), 'infra/ holds ports and drivers, no domain area')]),
  boundary(['auth/**/*.ts'], [forbid(into('(http|adapters|attendance|engine|bin)'), 'auth/ knows no HTTP or other area'), packages(['express'], 'auth/ knows no HTTP')]),
  // Notifications (docs/notifications.md): users through auth/index.js, drivers only through ports and repositories.
  boundary(['notifications/**/*.ts'], [
    forbid(into('(http|adapters|attendance|engine|basic-interpreter|bin)'), 'Notifications know no HTTP, channel adapter or other area'),
    forbid(internalsOf('auth'), 'Notifications use auth through auth/index.js'),
    packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'Notifications reach drivers only through ports and repositories'),
  ]),
  // Groups forward to the identity-provider port; the embedded directory's store is handed in by service.ts.
  boundary(['groups/**/*.ts'], [
    forbid(into('(db|http|adapters|attendance|engine|basic-interpreter|auth|config|bin)'), 'groups/ knows its port, its adapters and infra/ only'),
    packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'groups/ reaches drivers only through its port and repositories'),
  ]),
  // Meetings (docs/meetings.md): the engine's messages and the interpreter's values as types, the rest through ports.
  boundary(['meetings/**/*.ts'], [
    forbid(into('(http|adapters|attendance|bin|notifications|groups)'), 'Meetings know no HTTP, channel adapter or other area; attendance reaches them through a port'),
    forbid(internalsOf('(engine|basic-interpreter|auth)'), 'Meetings use the engine, the interpreter and auth through their index.js'),
    packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'Meetings reach drivers only through ports and repositories'),
  ]),
  // Identity migration (docs/migration/identity.md): users through auth's and db's index (types and the narrow store),
  // groups through the groups area's port; no HTTP, no other area, no database driver.
  boundary(['identity/**/*.ts'], [
    forbid(into('(http|adapters|attendance|engine|basic-interpreter|notifications|bin|config)'), 'identity/ knows auth, groups and infra only'),
    forbid(internalsOf('(auth|groups|db)'), 'identity/ uses auth, groups and db through their index.js'),
    packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'identity/ reaches drivers only through its ports and repositories'),
  ]),
  // Content (docs/content.md): its repositories, infra/ ports and the interpreter's pure path rule; no HTTP, engine or other area.
  boundary(['content/**/*.ts'], [
    forbid(into('(http|adapters|attendance|engine|auth|notifications|groups|bin)'), 'content/ knows its repositories, infra/ and nothing above'),
    forbid(internalsOf('basic-interpreter'), 'content/ uses the interpreter through its index.js'),
  ]),
  boundary(['http/**/*.ts'], [forbid(into('db'), 'HTTP never imports db/: routes call service functions'), ...httpRules]),
  // The knowledge base (USE KB / USE WEBSITE, docs/basic.md): its store and page fetcher are handed in by service-basic.ts.
  boundary(['knowledge/**/*.ts'], [
    forbid(into('(db|http|adapters|attendance|engine|basic-interpreter|auth|bin|notifications|groups)'), 'knowledge/ knows its ports and infra/ only'),
    packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'knowledge/ reaches the database only through its store port'),
  ]),
];

/**
 * "outbound" (docs/architecture.md, "Outbound requests"): every request to an address a user, a
 * bot author or a config file chose leaves through infra/outbound-http.ts. Outside the door (and
 * tests, bench/, test/, and web/, which is browser code):
 * - a `fetch(…)` whose URL is not a constant is an error: call the door's fetch (`guardedFetch`,
 *   `outboundPool(…).fetch`) under its own name;
 * - building an HTTP client from an outbound library is an error, but in the files below that hand
 *   the client the door's agents or fetch. Type imports are free.
 */
const OUTBOUND_EXEMPT = ['**/*.test.ts', 'test/**', 'bench/**', 'web/**', 'infra/outbound-http.ts'];
const OUTBOUND_WHY = 'it must go through the outbound door, infra/outbound-http.ts (docs/architecture.md, "Outbound requests")';
const OUTBOUND_CLIENT_FILES = [
  'infra/outbound-pool.ts', // the door's clients of each policy
  'engine/host/http-effect.ts', // the HTTP keywords: connects to the addresses the guard checked (pinned lookup)
  'adapters/graph/graph-client.ts', 'adapters/fetch-provider-file.ts', 'engine/voice/voice-models.ts', // axios on guardedAgents
  'adapters/bot-msg/bot-msg-api.ts', // grammY's node-fetch on the guarded agent of each scheme
  'adapters/sms/twilio-client.ts', // twilio's axios on guardedAgents
  'adapters/sms/sms-adapter.ts', // twilio's signature checks and TwiML only; its client is twilio-client.ts
  'adapters/workchat/guarded-connector.ts', 'adapters/workchat/connector-token.ts', 'adapters/workchat/verify-token.ts', // guarded fetch
  'adapters/team-chat/team-chat-client.ts', // @slack/web-api on guarded fetch
  'infra/llm/llm-client.ts', // openai on guarded fetch
  // Deployment-wide URLs, on OUTBOUND_ALLOW_PRIVATE_NETWORKS:
  'notifications/senders/web-push-sender.ts', 'notifications/senders/vapid-keys.ts', 'service-notifications.ts',
  'identity/oidc/oidc-client.ts', 'content/files/s3-file-store.ts', 'content/importers/carddav-source.ts', // guarded agents or fetch
  'meetings/providers/rtc-provider.ts', // livekit's clients on the guarded Twirp transport (meetings/providers/guarded-twirp.ts)
];
const outboundClient = (name, importNames) => ({
  name, ...(importNames ? { importNames } : {}), allowTypeImports: true,
  message: `${importNames ? 'This' : 'Any'} client of '${name}' connects to addresses chosen by users or config: ${OUTBOUND_WHY}.`,
});
const NODE_HTTP_CLIENT = ['default', 'request', 'get', 'Agent', 'globalAgent'];
const outbound = [
  {
    name: 'outbound: fetch',
    files: ['**/*.ts'],
    ignores: OUTBOUND_EXEMPT,
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.type='Identifier'][callee.name='fetch'][arguments.length>0]:not([arguments.0.type='Literal']):not([arguments.0.type='TemplateLiteral'][arguments.0.expressions.length=0])",
        message: `fetch() of a URL that is not a constant: ${OUTBOUND_WHY}.`,
      }, {
        selector: "CallExpression[callee.type='MemberExpression'][callee.object.name=/^(globalThis|global)$/][callee.property.name='fetch']",
        message: `globalThis.fetch(): ${OUTBOUND_WHY}.`,
      }],
    },
  },
  {
    name: 'outbound: clients',
    files: ['**/*.ts'],
    ignores: [...OUTBOUND_EXEMPT, ...OUTBOUND_CLIENT_FILES],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          outboundClient('axios', ['default', 'create', 'Axios']),
          outboundClient('undici'), outboundClient('node-fetch'), outboundClient('got'), outboundClient('openid-client'),
          ...['node:http', 'http', 'node:https', 'https'].map((name) => outboundClient(name, NODE_HTTP_CLIENT)),
          outboundClient('openai', ['default', 'OpenAI']),
          outboundClient('twilio', ['default', 'Twilio', 'RequestClient']),
          outboundClient('web-push', ['default', 'sendNotification']),
          outboundClient('@slack/web-api', ['WebClient']),
          outboundClient('grammy', ['Api', 'Bot']),
          outboundClient('@microsoft/agents-hosting', ['ConnectorClient', 'HttpClient', 'CloudAdapter', 'UserTokenClient']),
          outboundClient('jose', ['createRemoteJWKSet']),
          outboundClient('@aws-sdk/client-s3', ['S3Client']),
          outboundClient('livekit-server-sdk', ['RoomServiceClient', 'EgressClient', 'IngressClient', 'SipClient', 'AgentDispatchClient']),
          outboundClient('tsdav', ['createDAVClient', 'DAVClient']),
        ],
      }],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'web/vendor/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', 'web/**/*.tsx'], // web/: the console and widget (web/tsconfig.json)
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...boundaries,
  ...outbound,
);
