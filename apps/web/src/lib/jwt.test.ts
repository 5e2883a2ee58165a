import { describe, expect, it } from 'vitest';
import { isFreshReplacementToken, isTokenFresh, readTokenClaims } from './jwt';

function tokenWith(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'ES256' })}.${encode(payload)}.signature`;
}

describe('readTokenClaims', () => {
  it('reads exp (seconds) as milliseconds, and the subject', () => {
    expect(readTokenClaims(tokenWith({ exp: 1_900_000_000 }))).toEqual({
      expiresAtMs: 1_900_000_000_000,
      subject: null,
    });
    expect(readTokenClaims(tokenWith({ sub: 'u1' }))).toEqual({ expiresAtMs: null, subject: 'u1' });
  });

  it('treats garbage as a token without claims', () => {
    for (const garbage of ['', 'abc', 'a.%%%.c', `x.${Buffer.from('not json').toString('base64url')}.y`]) {
      expect(readTokenClaims(garbage)).toEqual({ expiresAtMs: null, subject: null });
    }
  });

  it('treats claims of the wrong type as no claims at all', () => {
    for (const payload of [{ exp: '1900000000', sub: 'u1' }, { exp: null }, { sub: 7 }, [1]]) {
      expect(readTokenClaims(tokenWith(payload))).toEqual({ expiresAtMs: null, subject: null });
    }
  });
});

describe('isTokenFresh', () => {
  const nowSeconds = Math.floor(Date.now() / 1000);

  it('is true only while exp minus the margin lies ahead', () => {
    expect(isTokenFresh(tokenWith({ exp: nowSeconds + 600 }))).toBe(true);
    expect(isTokenFresh(tokenWith({ exp: nowSeconds + 30 }), 60_000)).toBe(false);
    expect(isTokenFresh(tokenWith({ exp: nowSeconds - 1 }))).toBe(false);
    expect(isTokenFresh(tokenWith({}))).toBe(false);
  });
});

describe('isFreshReplacementToken (another tab’s token, taken instead of refreshing again)', () => {
  const nowSeconds = Math.floor(Date.now() / 1000);
  const ours = tokenWith({ sub: 'u1', exp: nowSeconds + 50, jti: 'ours' });

  it('takes a valid token of the same person that lasts longer', () => {
    expect(isFreshReplacementToken(tokenWith({ sub: 'u1', exp: nowSeconds + 900 }), ours)).toBe(true);
  });

  it('takes one issued in the same second as ours, which ends with it', () => {
    // Two tabs refreshing within one second get tokens with one exp; asking the server again would gain nothing.
    expect(isFreshReplacementToken(tokenWith({ sub: 'u1', exp: nowSeconds + 50, jti: 'theirs' }), ours)).toBe(true);
  });

  it('refuses our own token, an older one, another person’s and an expired one', () => {
    expect(isFreshReplacementToken(ours, ours)).toBe(false);
    expect(isFreshReplacementToken(tokenWith({ sub: 'u1', exp: nowSeconds + 40 }), ours)).toBe(false);
    expect(isFreshReplacementToken(tokenWith({ sub: 'u2', exp: nowSeconds + 900 }), ours)).toBe(false);
    expect(isFreshReplacementToken(tokenWith({ sub: 'u1', exp: nowSeconds - 1 }), null)).toBe(false);
    expect(isFreshReplacementToken(null, ours)).toBe(false);
  });

  it('takes any valid token when this tab has none', () => {
    expect(isFreshReplacementToken(tokenWith({ sub: 'u1', exp: nowSeconds + 900 }), null)).toBe(true);
  });
});
