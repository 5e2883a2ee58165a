import os from 'node:os';
import { passwordLimits } from '@deckhand/contract/auth-limits';
import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * OWASP's argon2id parameters: 19 MiB, 2 iterations, parallelism 1. The library's default algorithm
 * is argon2id (its `Algorithm` const enum cannot be imported under verbatimModuleSyntax); a test
 * checks the `$argon2id$` prefix.
 */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes run at once (19 MiB each), so a burst of sign-ins queues instead of
 * exhausting memory; waiting callers cost a promise each.
 */
const maxConcurrentHashes = Math.max(2, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return withHashSlot(() => hash(password, argon2Options));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withHashSlot(() => verify(passwordHash, password));
}

/** A real hash of a random password, verified against when the account is unknown so timing matches. */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await decoyHash, password);
}

let strength: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are large; they load on the first password check rather than at start. */
async function loadStrengthChecker(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, { adjacencyGraphs, dictionary }] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
  ]);
  return new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
}

/**
 * NIST 800-63B: length bounds and no common or easily guessed passwords (zxcvbn's common-password
 * dictionary and pattern matching, with the person's own email and name as known words).
 * @returns a reason to show, or undefined when the password is acceptable
 */
export async function weakPasswordReason(password: string, knownWords: string[]): Promise<string | undefined> {
  if (password.length < passwordLimits.minLength) {
    return `Password must be at least ${passwordLimits.minLength} characters`;
  }
  if (password.length > passwordLimits.maxLength) {
    return `Password must be at most ${passwordLimits.maxLength} characters`;
  }
  strength ??= loadStrengthChecker();
  const result = (await strength).check(password, knownWords);
  if (result.score < 2) return 'Password is too common or easy to guess';
  return undefined;
}
