import path from 'node:path';
import { readProcessSettings, SettingsError } from './process-settings.js';

describe('readProcessSettings', () => {
  test('defaults to the embedded set-up', () => {
    const s = readProcessSettings({});
    expect(s).toMatchObject({ PORT: 8080, SHUTDOWN_TIMEOUT_MS: 10000 });
    // This machine only: a first start prints the admin's password.
    expect(s.HOST).toBe('127.0.0.1');
    expect(readProcessSettings({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.REDIS_URL).toBeUndefined();
    expect(s.DATA_DIR).toBe(path.resolve('data'));
    expect(s.BOTS_DIR).toBe(path.resolve('bots'));
  });

  test('reads the production variables', () => {
    const s = readProcessSettings({ PORT: '9000', DATABASE_URL: 'postgres://u@db:5432/sb', REDIS_URL: 'redis://cache:6379', DATA_DIR: '/srv/sb' });
    expect(s).toMatchObject({ PORT: 9000, DATABASE_URL: 'postgres://u@db:5432/sb', REDIS_URL: 'redis://cache:6379', DATA_DIR: '/srv/sb' });
  });

  test('empty strings count as unset', () => {
    const s = readProcessSettings({ DATABASE_URL: '', REDIS_URL: ' ' });
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.REDIS_URL).toBeUndefined();
  });

  test('REDIS_PREFIX unset or empty is left to the deployment (switchboard:<its id>); a set one is kept', () => {
    expect(readProcessSettings({}).REDIS_PREFIX).toBeUndefined();
    expect(readProcessSettings({ REDIS_PREFIX: ' ' }).REDIS_PREFIX).toBeUndefined();
    expect(readProcessSettings({ REDIS_PREFIX: 'acme' }).REDIS_PREFIX).toBe('acme');
  });

  test('mail is off by default and SMTP_URL must be an smtp(s) URL', () => {
    const defaults = readProcessSettings({});
    expect(defaults.SMTP_URL).toBeUndefined();
    expect(defaults.MAIL_FROM).toBe('Switchboard <no-reply@localhost>');
    const s = readProcessSettings({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Desk <desk@example.com>' });
    expect(s).toMatchObject({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Desk <desk@example.com>' });
    expect(() => readProcessSettings({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
  });

  test('metrics are on the main port unless METRICS_PORT is set; their listener binds to loopback by default', () => {
    const defaults = readProcessSettings({});
    expect(defaults.METRICS_PORT).toBeUndefined();
    expect(defaults.METRICS_HOST).toBe('127.0.0.1');
    expect(readProcessSettings({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '10.0.0.5' });
    expect(readProcessSettings({ METRICS_PORT: ' ' }).METRICS_PORT).toBeUndefined();
    expect(() => readProcessSettings({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  test('SIP over TLS is off unless SIP_TLS_PORT is set, and then needs its certificate and key files', () => {
    expect(readProcessSettings({}).SIP_TLS_PORT).toBeUndefined();
    expect(readProcessSettings({ SIP_TLS_PORT: '5061', SIP_TLS_CERT_FILE: '/etc/sb/cert.pem', SIP_TLS_KEY_FILE: '/etc/sb/key.pem' })).toMatchObject({ SIP_TLS_PORT: 5061 });
    expect(() => readProcessSettings({ SIP_TLS_PORT: '5061' })).toThrow(/SIP_TLS_CERT_FILE is required when SIP_TLS_PORT is set[\s\S]*SIP_TLS_KEY_FILE/);
    expect(() => readProcessSettings({ SIP_TLS_PORT: 'tls' })).toThrow(SettingsError);
  });

  test('names every invalid variable', () => {
    const attempt = () => readProcessSettings({ PORT: 'eighty', REDIS_URL: 'http://x', JWT_SECRET: 'short' });
    expect(attempt).toThrow(SettingsError);
    expect(attempt).toThrow(/PORT[\s\S]*REDIS_URL[\s\S]*JWT_SECRET/);
  });

  test('groups default to the embedded provider; the others need their address and credentials', () => {
    expect(readProcessSettings({})).toMatchObject({ IDP: 'embedded', IDP_TIMEOUT_MS: 5000, LDAP_GROUP_CLASS: 'groupOfNames', LDAP_USER_ID_ATTRIBUTE: 'uid' });
    expect(() => readProcessSettings({ IDP: 'keycloak', IDP_URL: 'https://sso.example.com' })).toThrow(/KEYCLOAK_REALM is required when IDP=keycloak/);
    expect(() => readProcessSettings({ IDP: 'ldap' })).toThrow(/IDP_URL is required when IDP=ldap/);
    expect(() => readProcessSettings({ IDP: 'okta' })).toThrow(SettingsError);
    const zitadel = readProcessSettings({ IDP: 'zitadel', IDP_URL: 'https://z.example.com', ZITADEL_CLIENT_ID: 'id', ZITADEL_CLIENT_SECRET: 'secret' });
    expect(zitadel).toMatchObject({ IDP: 'zitadel', ZITADEL_CLIENT_ID: 'id' });
  });

  test('HSTS is on or off; unset, it follows PUBLIC_URL: on for https, off for plain http or none', () => {
    expect(readProcessSettings({}).HSTS).toBe('off');
    expect(readProcessSettings({ PUBLIC_URL: 'http://bots.lan:8080' }).HSTS).toBe('off');
    expect(readProcessSettings({ PUBLIC_URL: 'https://bots.example.com' }).HSTS).toBe('on');
    expect(readProcessSettings({ PUBLIC_URL: 'https://bots.example.com', HSTS: 'off' }).HSTS).toBe('off');
    expect(readProcessSettings({ PUBLIC_URL: 'http://bots.lan', HSTS: 'on' }).HSTS).toBe('on');
    expect(readProcessSettings({ HSTS: ' ' }).HSTS).toBe('off');
    expect(() => readProcessSettings({ HSTS: 'yes' })).toThrow(/HSTS/);
  });
});
