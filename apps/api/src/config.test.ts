import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const SECRET = 'x'.repeat(32);

describe('loadConfig in production (issue 29 item 6)', () => {
  it('refuses to start without an explicit payment provider: the sandbox approves any valid card', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toThrow(
      /PAYMENT_PROVIDER: required in production/,
    );
  });

  it('starts with the provider named, the sandbox included when meant', () => {
    const sandbox = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      PAYMENT_PROVIDER: 'sandbox',
    });
    expect(sandbox.payments).toEqual({ provider: 'sandbox' });
    const vindi = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      PAYMENT_PROVIDER: 'vindi',
      VINDI_API_KEY: 'key',
    });
    expect(vindi.payments.provider).toBe('vindi');
  });

  it('keeps the offline sandbox as the default outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toEqual({ provider: 'sandbox' });
  });

  it('still refuses production without a JWT secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'vindi' })).toThrow(
      /JWT_SECRET: required in production/,
    );
  });
});
