import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const signer = new TokenSigner(SECRET);
const key = new TextEncoder().encode(SECRET);

const refusal = async (token: string, now?: number) =>
  signer.verify(token, now).then(
    () => 'accepted',
    (error: { key: string }) => error.key,
  );

describe('TokenSigner', () => {
  it('verifies what it signs: user, account, id, expiry and epoch', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const { token, claims } = await signer.sign(7, 3, 2, now);
    expect(await signer.verify(token, now.getTime())).toEqual(claims);
    expect(claims).toMatchObject({ userId: 7, accountId: 3, epoch: 2 });
    expect(claims.expiresAt.getTime() - now.getTime()).toBe(24 * 60 * 60 * 1000);
  });

  it('answers token_expired from the second the token expires', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const { token, claims } = await signer.sign(7, 3, 0, now);
    expect(await refusal(token, claims.expiresAt.getTime() - 1000)).toBe('accepted');
    expect(await refusal(token, claims.expiresAt.getTime())).toBe('exception.token_expired');
  });

  it('refuses a tampered, re-signed, unsigned or malformed token as invalid_token', async () => {
    const { token } = await signer.sign(7, 3, 0);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, acc: 4 })).toString('base64url');
    const otherSecret = await new SignJWT({ acc: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const hs512 = await new SignJWT({ acc: 3 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('7')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(key);
    const noExpiry = await new SignJWT({ acc: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setJti('x')
      .sign(key);
    const notYet = await new SignJWT({ acc: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setJti('x')
      .setNotBefore('1h')
      .setExpirationTime('2h')
      .sign(key);
    for (const forged of [
      `${header}.${otherPayload}.${signature}`,
      otherSecret,
      none,
      hs512,
      noExpiry,
      notYet,
      `${header}.${payload}`,
      'not-a-token',
      `${header}.${payload}.${signature}x`,
    ]) {
      expect(await refusal(forged)).toBe('exception.invalid_token');
    }
  });

  it('checks a token it already verified for its times again on every call', async () => {
    const now = Date.now();
    const early = new SignJWT({ acc: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setJti('remembered')
      .setNotBefore(Math.floor(now / 1000) - 10)
      .setExpirationTime(Math.floor(now / 1000) + 60);
    const token = await early.sign(key);
    const first = await signer.verify(token, now);
    expect(await signer.verify(token, now)).toEqual(first);
    expect(await refusal(token, now - 60_000)).toBe('exception.invalid_token');
    expect(await refusal(token, now + 60_000)).toBe('exception.token_expired');
    // Another text (the signature's first character changed) is checked in full.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const changed = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await refusal(`${header}.${payload}.${changed}`, now)).toBe('exception.invalid_token');
  });

  it('counts a token from before session epochs as epoch 0', async () => {
    const old = await new SignJWT({ acc: 3 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setJti('x')
      .setExpirationTime('1h')
      .sign(key);
    expect((await signer.verify(old)).epoch).toBe(0);
  });
});
