import { describe, expect, it } from 'vitest';
import { isSameKey, urlBase64ToUint8Array } from './push-key';

describe('urlBase64ToUint8Array', () => {
  it('decodes urlsafe base64 without padding', () => {
    expect(Array.from(urlBase64ToUint8Array('-_8'))).toEqual([0xfb, 0xff]);
    expect(Array.from(urlBase64ToUint8Array('AQID'))).toEqual([1, 2, 3]);
    expect(Array.from(urlBase64ToUint8Array('AQI'))).toEqual([1, 2]);
    expect(Array.from(urlBase64ToUint8Array('AQ'))).toEqual([1]);
  });

  it('gives the 65 bytes of an uncompressed P-256 public key', () => {
    const key = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0xab)]);
    const bytes = urlBase64ToUint8Array(`${key.toString('base64url')}\n`);
    expect(bytes).toHaveLength(65);
    expect(Buffer.from(bytes).equals(key)).toBe(true);
  });

  it('throws on text that is not base64', () => {
    expect(() => urlBase64ToUint8Array('not base64!')).toThrow();
  });
});

describe('isSameKey', () => {
  it('compares the bytes', () => {
    const expected = new Uint8Array([1, 2, 3]);
    expect(isSameKey(new Uint8Array([1, 2, 3]).buffer, expected)).toBe(true);
    expect(isSameKey(new Uint8Array([1, 2, 4]).buffer, expected)).toBe(false);
    expect(isSameKey(new Uint8Array([1, 2]).buffer, expected)).toBe(false);
    expect(isSameKey(null, expected)).toBe(false);
  });
});
