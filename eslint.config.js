// Lint for the bugs that matter in an async server (floating promises, non-exhaustive switches, loose equality),
// and for the design: each folder's imports are limited to what docs/architecture.md's folder map allows (read from it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = import.meta.dirname;

const WHY = 'docs/architecture.md, "Dependency rules, enforced"';
const packages = (names, what) => ({ group: names, message: `${what} (${WHY}).` });
const NODE_IO = ['node:fs', 'node:fs/promises', 'fs', 'fs/promises', 'node:http', 'node:https', 'node:net', 'node:dns', 'node:dns/promises',
  'node:tls', 'node:dgram', 'node:child_process', 'node:worker_threads'];
const DB_DRIVERS = ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'];
const QUEUE_DRIVERS = ['bullmq', 'ioredis'];

/**
 * The folder map's "may import" column, read from its one source: the ```boundaries block under the
 * table of docs/architecture.md ("Folder map"). Each area maps to what it may import: `{area, indexOnly}`.
 */
function readFolderMap() {
  const doc = readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
  const block = doc.match(/^```boundaries\n([\s\S]*?)^```/m);
  if (!block) throw new Error('docs/architecture.md holds no ```boundaries block (the folder map as data)');
  const allowed = new Map();
  for (const raw of block[1].split('\n')) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const parsed = line.match(/^([\w-]+):(.*)$/);
    if (!parsed) throw new Error(`docs/architecture.md, boundaries block: cannot read "${raw}"`);
    const names = parsed[2].trim().split(/\s+/).filter(Boolean);
    allowed.set(parsed[1], names.map((name) => ({ area: name.replace(/\/index$/, ''), indexOnly: name.endsWith('/index') })));
  }
  // A misspelt folder would silently allow nothing or too much: refuse it.
  const missing = [...allowed].flatMap(([area, names]) => [area, ...names.map((n) => n.area)]).filter((name) => !existsSync(path.join(ROOT, name)));
  if (missing.length > 0) throw new Error(`docs/architecture.md, boundaries block: no such folder: ${[...new Set(missing)].join(', ')}`);
  return { allowed };
}
export const FOLDER_MAP = readFolderMap();

/** What each area may not take from npm: packages of I/O or drivers that belong behind a port. */
const AREA_PACKAGES = {
  'basic-interpreter': packages([...NODE_IO, 'axios', 'undici', 'openai'], 'The interpreter does no I/O: its host port does, on the script host\'s side'),
  engine: packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'The engine reaches drivers only through ports and repositories'),
  'script-host': packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'The script host reaches drivers only through ports and repositories'),
  attendance: packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'Attendance reaches drivers only through ports and repositories'),
  auth: packages(['express'], 'auth/ knows no HTTP'),
  notifications: packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'Notifications reach drivers only through ports and repositories'),
  groups: packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'groups/ reaches drivers only through its port and repositories'),
  meetings: packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'Meetings reach drivers only through ports and repositories'),
  identity: packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'identity/ reaches drivers only through its ports and repositories'),
  knowledge: packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'knowledge/ reaches the database only through its store port'),
  tenants: packages(['express', ...QUEUE_DRIVERS, ...DB_DRIVERS], 'tenants/ reaches the database only through its repository'),
  http: packages([...DB_DRIVERS, ...QUEUE_DRIVERS], 'HTTP reaches no database or queue driver'),
};
const packageMatches = (group, specifier) => group.some((name) => name.endsWith('/*') ? specifier.startsWith(name.slice(0, -1)) : specifier === name);

/** A module specifier that is a constant string: `'x'` or a template without values. */
const constantSource = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
};

/**
 * The folder map as a rule: an import, re-export or dynamic `import()` of a constant path from an
 * area's file may reach its own area and what its line of the map allows, and nothing else (every
 * other top-level folder and the root's files). Dynamic imports of a forbidden package are caught
 * here too; static ones by `no-restricted-imports` below.
 */
const folderMapRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const own = file.split('/')[0];
    const allowed = FOLDER_MAP.allowed.get(own);
    if (!allowed || !file.includes('/')) return {};
    const line = `${own}: ${allowed.map((a) => a.area + (a.indexOnly ? '/index' : '')).join(' ')}`.trim();
    const check = (node, dynamic) => {
      const specifier = constantSource(node.source);
      if (specifier === undefined) return;
      if (!specifier.startsWith('.')) {
        const group = AREA_PACKAGES[own];
        if (dynamic && group && packageMatches(group.group, specifier)) context.report({ node, message: group.message });
        return;
      }
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), specifier)).split(path.sep).join('/');
      if (target.startsWith('..')) return;
      const area = target.includes('/') ? target.split('/')[0] : target;
      if (area === own) return;
      const entry = allowed.find((a) => a.area === area);
      if (!entry) {
        context.report({ node, message: `${own}/ may not import ${area}${target.includes('/') ? '/' : ''}: its line of the folder map is "${line}" (${WHY}).` });
      } else if (entry.indexOnly && !/^[^/]+\/index\.(js|ts)$/.test(target)) {
        context.report({ node, message: `${own}/ uses ${area}/ only through its index.js, not ${target} (${WHY}).` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, false),
      ExportNamedDeclaration: (node) => node.source && check(node, false),
      ExportAllDeclaration: (node) => check(node, false),
      ImportExpression: (node) => check(node, true),
    };
  },
};

/** One block per line of the folder map: the map's rule, and the area's packages. Tests may reach further. */
const boundaries = [
  { plugins: { boundaries: { rules: { 'folder-map': folderMapRule } } } },
  ...[...FOLDER_MAP.allowed.keys()].map((area) => ({
    name: `boundaries: ${area}`,
    files: [`${area}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'boundaries/folder-map': 'error',
      ...(AREA_PACKAGES[area] ? { 'no-restricted-imports': ['error', { patterns: [AREA_PACKAGES[area]] }] } : {}),
    },
  })),
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
  'script-host/host/http-effect.ts', // the HTTP keywords: connects to the addresses the guard checked (pinned lookup)
  'adapters/graph/graph-client.ts', 'adapters/fetch-provider-file.ts', 'engine/voice/voice-models.ts', // axios on guardedAgents
  'adapters/bot-msg/bot-msg-api.ts', // grammY's node-fetch on the guarded agent of each scheme
  'adapters/sms/twilio-client.ts', // twilio's axios on guardedAgents
  'adapters/sms/sms-adapter.ts', // twilio's signature checks and TwiML only; its client is twilio-client.ts
  'adapters/workchat/guarded-connector.ts', 'adapters/workchat/connector-token.ts', 'adapters/workchat/verify-token.ts', // guarded fetch
  'adapters/team-chat/team-chat-client.ts', // @slack/web-api on guarded fetch
  'infra/llm/llm-client.ts', // openai on guarded fetch
  // Deployment-wide URLs, on OUTBOUND_ALLOW_PRIVATE_NETWORKS:
  'notifications/senders/web-push-sender.ts', 'notifications/senders/vapid-keys.ts', 'app/notifications.ts',
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
