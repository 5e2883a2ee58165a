import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword, weakPasswordReason } from './passwords';

describe('password hashing', () => {
  it('uses argon2id with OWASP parameters (19 MiB, 2 iterations, parallelism 1)', async () => {
    const hash = await hashPassword('Tr0ub4dour-sail-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Tr0ub4dour-sail-9')).toBe(true);
    expect(await verifyPassword(hash, 'Tr0ub4dour-sail-8')).toBe(false);
  });

  it('finishes a burst of hashes through the concurrency cap', async () => {
    const hashes = await Promise.all(Array.from({ length: 12 }, (_, i) => hashPassword(`burst-${i}-password`)));
    expect(new Set(hashes).size).toBe(12);
  });
});

describe('weakPasswordReason', () => {
  it.each([
    ['7 characters', 'Ab1-xyz'],
    ['129 characters', 'a9$'.repeat(43)],
    ['a dictionary password', 'iloveyou'],
    ['the person’s name', 'Margaretha1', ['margaretha']],
  ])('refuses %s', async (_label, password, known = []) => {
    expect(await weakPasswordReason(password, known)).toEqual(expect.any(String));
  });

  it.each([['Tr0ub4dour-sail-9'], ['blue-otter-lamp'], [`${'a9$'.repeat(42)}xy`]])('accepts %j', async (password) => {
    expect(await weakPasswordReason(password, [])).toBeUndefined();
  });
});
