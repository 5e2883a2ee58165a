/**
 * The VAPID public key (urlsafe base64 text, spec §7) as the bytes `pushManager.subscribe` takes for
 * `applicationServerKey`.
 */
export function urlBase64ToUint8Array(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.trim().replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** True when `key` (from a subscription's options) holds exactly `expected`. */
export function isSameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (key === null || key.byteLength !== expected.byteLength) return false;
  const actual = new Uint8Array(key);
  return actual.every((byte, index) => byte === expected[index]);
}
