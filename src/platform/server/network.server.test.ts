import { describe, expect, it } from 'vitest';
import { checkEmulatorExposure, isLoopbackHost, loadNetworkSettings } from './network.server';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

describe('isLoopbackHost', () => {
  it('knows the addresses only this machine can reach', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '', '192.168.1.20', 'quillreads.example', '128.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('checkEmulatorExposure', () => {
  it('refuses to serve emulator sign-ins on an address other machines reach', () => {
    for (const host of ['0.0.0.0', '::', '', '192.168.1.20']) {
      expect(() => checkEmulatorExposure(host, EMULATOR), host).toThrow(/ALLOW_EMULATOR_ON_NETWORK=true/);
    }
  });

  it('lets them be served on this machine, and says when they are served on the network by choice', () => {
    expect(checkEmulatorExposure('localhost', EMULATOR)).toBe(false);
    expect(checkEmulatorExposure('127.0.0.1', EMULATOR)).toBe(false);
    expect(checkEmulatorExposure('::1', EMULATOR)).toBe(false);
    expect(checkEmulatorExposure('0.0.0.0', { ...EMULATOR, ALLOW_EMULATOR_ON_NETWORK: 'true' })).toBe(true);
    expect(() =>
      checkEmulatorExposure('0.0.0.0', { ...EMULATOR, ALLOW_EMULATOR_ON_NETWORK: 'false' }),
    ).toThrow(/Refusing to listen on HOST=0\.0\.0\.0/);
  });

  it('refuses them on this machine too when a proxy in front (TRUST_PROXY) passes the network on', () => {
    for (const host of ['localhost', '127.0.0.1', '::1']) {
      expect(() => checkEmulatorExposure(host, { ...EMULATOR, TRUST_PROXY: '1' }), host).toThrow(
        /Refusing to start behind a proxy \(TRUST_PROXY=1\)[\s\S]*ALLOW_EMULATOR_ON_NETWORK=true/,
      );
    }
    expect(() => checkEmulatorExposure('0.0.0.0', { ...EMULATOR, TRUST_PROXY: '2' })).toThrow(
      /Refusing to listen on HOST=0\.0\.0\.0/,
    );
    expect(
      checkEmulatorExposure('localhost', {
        ...EMULATOR,
        TRUST_PROXY: '1',
        ALLOW_EMULATOR_ON_NETWORK: 'true',
      }),
    ).toBe(true);
    expect(checkEmulatorExposure('localhost', { ...EMULATOR, TRUST_PROXY: '0' })).toBe(false);
  });

  it('has nothing to say about a server with real sign-in, wherever it listens', () => {
    expect(checkEmulatorExposure('0.0.0.0', {})).toBe(false);
    expect(checkEmulatorExposure('localhost', { TRUST_PROXY: '1' })).toBe(false);
  });

  it('stops at a value that is not true or false, naming the setting', () => {
    expect(() =>
      checkEmulatorExposure('localhost', { ...EMULATOR, ALLOW_EMULATOR_ON_NETWORK: 'yes' }),
    ).toThrow(/ALLOW_EMULATOR_ON_NETWORK: must be true or false/);
  });
});

describe('TRUST_PROXY', () => {
  it('is how many proxies stand in front of the server; none unless set', () => {
    expect(loadNetworkSettings({}).TRUST_PROXY).toBe(0);
    expect(loadNetworkSettings({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(0);
    expect(loadNetworkSettings({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    for (const value of ['true', '-1', '11', '1.5']) {
      expect(() => loadNetworkSettings({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: must be how many/,
      );
    }
  });
});
