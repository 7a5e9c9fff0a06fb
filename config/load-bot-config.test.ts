import { ConfigError } from './config-error.js';
import { defaultBotConfig } from './config-keys.js';
import { loadBotConfig, loadConfigLayer, parseBotConfig } from './load-bot-config.js';
import { captureLogger, tempDir } from '../test/fixtures/config/helpers.js';

describe('loadBotConfig', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await dir.remove();
  });

  it('reads a file with a BOM, CRLF, quotes, comments and mixed-case keys into a typed config', async () => {
    const text = [
      '\uFEFFname,value',
      '# queue settings',
      'Attendance-Queue-Size , 120',
      ',',
      '',
      'ATTENDANCE-AUTO-TRANSFER,Yes',
      'attendance-transfer-keywords,"human, agent",person',
      'attendance-transfer-keywords-note,unused',
      'attendance-email-template,"the ""urgent"" one"',
      'attendance-chatops-webhook,https://chat.example.com/hooks/1',
      'rtc-url,',
      '',
    ].join('\r\n');
    const { logger } = captureLogger();
    const file = await dir.write('x.gbai/x.gbot/config.csv', text);
    const { config } = await loadBotConfig(file, logger);
    const queueSize: number = config['attendance-queue-size'];
    expect(queueSize).toBe(120);
    expect(config['attendance-auto-transfer']).toBe(true);
    // Quotes around the first item only: the value is the rest of the line, as written.
    expect(config['attendance-transfer-keywords']).toEqual(['"human', 'agent"', 'person']);
    expect(config['attendance-email-template']).toBe('the "urgent" one');
    expect(config['attendance-chatops-webhook']).toBe('https://chat.example.com/hooks/1');
    expect(config['rtc-url']).toBeUndefined();
    expect(config['crm-enabled']).toBe(true);
  });

  it('unquotes a whole quoted value, so a list can be written as one quoted cell', () => {
    const { config } = parseBotConfig('attendance-transfer-keywords,"human, agent"', 'x.csv', captureLogger().logger);
    expect(config['attendance-transfer-keywords']).toEqual(['human', 'agent']);
  });

  it('treats an empty value as not set, so the default applies', () => {
    const { config } = parseBotConfig('attendance-queue-size,\nattendance-customer-fields, ', 'x.csv', captureLogger().logger);
    expect(config).toEqual(defaultBotConfig());
  });

  it('gives all defaults when the file does not exist', async () => {
    const loaded = await loadBotConfig(`${dir.path}/absent/config.csv`, captureLogger().logger);
    expect(loaded).toEqual({ config: defaultBotConfig(), params: {}, extra: {} });
  });

  it('collects param-<x> keys as params with x lower-cased, outside the typed config', () => {
    const { config, params, extra } = parseBotConfig('Param-Greeting,Hello, friend\nparam-empty,\n', 'x.csv', captureLogger().logger);
    expect(params).toEqual({ greeting: 'Hello, friend', empty: '' });
    expect(extra).toEqual({});
    expect(config).toEqual(defaultBotConfig());
  });

  it('rejects a param- key without a name', () => {
    expect(() => parseBotConfig('param-,x', 'x.csv', captureLogger().logger)).toThrow('x.csv:1: param-: expected a variable name after "param-"');
  });

  it('keeps an unknown key in extra and warns about it once per file across loads', async () => {
    const { logger, warnings } = captureLogger();
    const file = await dir.write('x.gbai/x.gbot/config.csv', 'name,value\nattendance-queue-sise,10\n__proto__,kept\n');
    const first = await loadBotConfig(file, logger);
    const second = await loadBotConfig(file, logger);
    expect(Object.entries(first.extra)).toEqual([
      ['attendance-queue-sise', '10'],
      ['__proto__', 'kept'],
    ]);
    expect(Object.entries(second.extra)).toEqual(Object.entries(first.extra));
    expect(warnings().map(({ key, line }) => ({ key, line }))).toEqual([
      { key: 'attendance-queue-sise', line: 2 },
      { key: '__proto__', line: 3 },
    ]);
    expect(warnings()[0]?.msg).toContain(`${file}:2: unknown config key "attendance-queue-sise"`);

    const other = await dir.write('y.gbai/y.gbot/config.csv', 'attendance-queue-sise,10\n');
    await loadBotConfig(other, logger);
    expect(warnings()).toHaveLength(3); // same key, another file: warned again
  });

  it('throws a ConfigError naming file, line and key for an invalid value', () => {
    const file = 'bots/x.gbai/x.gbot/config.csv';
    const text = 'name,value\n# size\nattendance-queue-size,abc\n';
    let error: unknown;
    try {
      parseBotConfig(text, file, captureLogger().logger);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error).toMatchObject({
      name: 'ConfigError',
      file,
      line: 3,
      key: 'attendance-queue-size',
      message: 'bots/x.gbai/x.gbot/config.csv:3: attendance-queue-size: expected a whole number of at least 1, got "abc"',
    });
  });

  it('reports every invalid line of a file in one error, in line order', async () => {
    const text = 'name,value\ncrm-enabled,maybe\nattendance-priority-default,soon\nattendance-enabled\nattendance-queue-size,1.5\n';
    const file = await dir.write('x.gbai/x.gbot/config.csv', text);
    const error = await loadBotConfig(file, captureLogger().logger).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    const configError = error as ConfigError;
    expect(configError.issues.map(({ line, key }) => [line, key])).toEqual([
      [2, 'crm-enabled'],
      [3, 'attendance-priority-default'],
      [4, 'attendance-enabled'],
      [5, 'attendance-queue-size'],
    ]);
    expect({ line: configError.line, key: configError.key }).toEqual({ line: 2, key: 'crm-enabled' });
    expect(configError.message).toBe(
      [
        `${file}: 4 invalid lines`,
        `${file}:2: crm-enabled: expected true or false (yes/no, on/off and 1/0 also work), got "maybe"`,
        `${file}:3: attendance-priority-default: expected one of low, normal, high, urgent, got "soon"`,
        `${file}:4: attendance-enabled: expected "name,value" but the line has no comma`,
        `${file}:5: attendance-queue-size: expected a whole number of at least 1, got "1.5"`,
      ].join('\n'),
    );
  });
});

// A tenant's own config.csv beside its bots (docs/operations/tenants.md, "Settings").
describe('a shared config.csv under a bot\'s own', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await dir.remove();
  });

  it('gives every bot its keys, params and unknown keys; a bot\'s own line replaces one, an empty one keeps it', async () => {
    const { logger } = captureLogger();
    const shared = await loadConfigLayer(await dir.write('config.csv', 'name,value\nlanguage,pt-BR\nweb-prechat-form,true\nparam-brand,Acme\nbrand-colour,#c00\n'), logger);
    const inherited = await loadBotConfig(await dir.write('a.gbai/a.gbot/config.csv', 'name,value\nlanguage,\n'), logger, shared);
    expect(inherited.config).toMatchObject({ language: 'pt-BR', 'web-prechat-form': true });
    expect({ ...inherited.params }).toEqual({ brand: 'Acme' });
    expect({ ...inherited.extra }).toEqual({ 'brand-colour': '#c00' });
    const own = await loadBotConfig(await dir.write('b.gbai/b.gbot/config.csv', 'name,value\nlanguage,es\nparam-brand,Acme Sales\n'), logger, shared);
    expect(own.config).toMatchObject({ language: 'es', 'web-prechat-form': true });
    expect({ ...own.params }).toEqual({ brand: 'Acme Sales' });
    // A bot without a file of its own runs on what it inherits.
    expect((await loadBotConfig(`${dir.path}/c.gbai/c.gbot/config.csv`, logger, shared)).config.language).toBe('pt-BR');
  });

  it('its errors name it and its line; no file is no layer', async () => {
    const { logger } = captureLogger();
    const file = await dir.write('config.csv', 'name,value\nweb-rate-limit,many\n');
    await expect(loadConfigLayer(file, logger)).rejects.toThrow(`${file}:2: web-rate-limit`);
    expect(await loadConfigLayer(`${dir.path}/none/config.csv`, logger)).toBeUndefined();
  });
});
