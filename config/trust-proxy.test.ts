import express from 'express';
import { readProcessSettings, SettingsError } from './process-settings.js';

const trustProxy = (value: string) => readProcessSettings({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  test('unset or blank trusts no proxy', () => {
    expect(readProcessSettings({}).TRUST_PROXY).toBeUndefined();
    expect(trustProxy('  ')).toBeUndefined();
  });

  test('a hop count, or addresses, CIDR ranges and range names separated by commas', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy(' 2 ')).toBe(2);
    expect(trustProxy('loopback')).toEqual(['loopback']);
    expect(trustProxy('loopback, 10.0.0.0/8,192.0.2.7, fd00::/8, ::1, linklocal,uniquelocal')).toEqual(
      ['loopback', '10.0.0.0/8', '192.0.2.7', 'fd00::/8', '::1', 'linklocal', 'uniquelocal'],
    );
  });

  test('what it accepts, express accepts: the same value decides req.ip', () => {
    for (const value of ['1', 'loopback, 10.0.0.0/8, 192.0.2.7, fd00::/8, 2001:db8::1/128, ::ffff:10.0.0.1, fe80::1%eth0, 1.0.0.0/1']) {
      expect(() => express().set('trust proxy', trustProxy(value))).not.toThrow();
    }
  });

  test('anything else stops start-up with a message naming the variable and the bad entries', () => {
    for (const value of ['true', 'nginx', '10.0.0.0/33', '0.0.0.0/0', '::1/129', '10.0.0.1/8/2', 'loopback,,10.0.0.1', '-1', '1.5', '300.1.1.1']) {
      const attempt = () => readProcessSettings({ TRUST_PROXY: value });
      expect(attempt).toThrow(SettingsError);
      expect(attempt).toThrow(/TRUST_PROXY: TRUST_PROXY must be a hop count/);
    }
    expect(() => readProcessSettings({ TRUST_PROXY: 'loopback, proxy.internal' })).toThrow(/not "proxy\.internal"/);
  });
});
