/**
 * Order keys: strings that sort (byte by byte, so the column is COLLATE "C") in the order of the items they
 * belong to, with room between any two. Moving an item writes only its own key.
 *
 * A key is an integer part and an optional fraction. The integer part is a head letter telling how many
 * base-62 digits follow ('a' one, 'b' two… for 0 and up; 'Z' one, 'Y' two… below 0), so appending at an end
 * steps the integer and keys stay short (5,000 appends reach four characters, six with the random digits).
 * Between two neighbours with consecutive integers the fraction is split digit by digit; it never ends in '0',
 * so no two keys are equal in value but different in text.
 */
const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base = digits.length;
const zero = digits[0] as string;
const top = digits[base - 1] as string;

/** The first key of an empty list. */
export const firstKey = 'a0';

function digitValue(char: string): number {
  const value = digits.indexOf(char);
  if (value < 0) throw new Error(`not an order-key digit: ${char}`);
  return value;
}

function integerLength(head: string): number {
  if (head >= 'a' && head <= 'z') return head.charCodeAt(0) - 'a'.charCodeAt(0) + 1;
  if (head >= 'A' && head <= 'Z') return 'Z'.charCodeAt(0) - head.charCodeAt(0) + 1;
  throw new Error(`not an order-key head: ${head}`);
}

/** Splits a key into its integer part (head and digits) and its fraction. */
function split(key: string): { integer: string; fraction: string } {
  const length = integerLength(key.charAt(0)) + 1;
  if (key.length < length) throw new Error(`order key too short: ${key}`);
  return { integer: key.slice(0, length), fraction: key.slice(length) };
}

function shiftHead(head: string, by: number): string {
  return String.fromCharCode(head.charCodeAt(0) + by);
}

function increment(integer: string): string {
  const head = integer.charAt(0);
  const body = [...integer.slice(1)];
  for (let i = body.length - 1; i >= 0; i -= 1) {
    const value = digitValue(body[i] as string);
    if (value < base - 1) {
      body[i] = digits[value + 1] as string;
      return head + body.join('');
    }
    body[i] = zero;
  }
  // Every digit overflowed: the next integer has another head.
  if (head === 'Z') return `a${zero}`;
  if (head === 'z') throw new Error('order keys exhausted');
  if (head >= 'a') return shiftHead(head, 1) + zero.repeat(body.length + 1);
  return shiftHead(head, 1) + zero.repeat(body.length - 1);
}

function decrement(integer: string): string {
  const head = integer.charAt(0);
  const body = [...integer.slice(1)];
  for (let i = body.length - 1; i >= 0; i -= 1) {
    const value = digitValue(body[i] as string);
    if (value > 0) {
      body[i] = digits[value - 1] as string;
      return head + body.join('');
    }
    body[i] = top;
  }
  if (head === 'a') return `Z${top}`;
  if (head === 'A') throw new Error('order keys exhausted');
  if (head >= 'a') return shiftHead(head, -1) + top.repeat(body.length - 1);
  return shiftHead(head, -1) + top.repeat(body.length + 1);
}

/** A random number in [0, 1): Math.random in the server, a fixed sequence in tests. */
export type Random = () => number;

/** A digit in (low, high), exclusive: the middle one, or with `random` any of them. */
function digitBetween(low: number, high: number, random: Random | undefined): number {
  if (!random) return Math.floor((low + high) / 2);
  return low + 1 + Math.floor(random() * (high - low - 1));
}

/**
 * With `random`, two more random digits (the last non-zero): two writers placing into one gap at once agree once in
 * 3,782 tries. With one digit (61 values) appends to a busy column's end collided often enough that the retries
 * made up a board's slowest moves.
 */
function spread(key: string, random: Random | undefined): string {
  if (!random) return key;
  const { r1, r2 } = spreadDigits(random);
  return key + digits[r1] + digits[r2];
}

/**
 * The values of the two digits `spread` appends, drawn with `random`: r1 in 0–61, r2 in 1–61 (a key never ends in
 * '0'). The database's order_key_after takes them as arguments, so both sides draw alike.
 */
export function spreadDigits(random: Random): { r1: number; r2: number } {
  return { r1: Math.floor(random() * base), r2: 1 + Math.floor(random() * (base - 1)) };
}

/**
 * `count` pairs of spreadDigits, no two alike (count ≤ 3,782), for the writes of one statement: those into one
 * status take keys after the same last key, so equal digits would make equal keys and fail the whole statement.
 */
export function distinctSpreadDigits(count: number, random: Random): { r1: number; r2: number }[] {
  const drawn = new Set<number>();
  const pairs: { r1: number; r2: number }[] = [];
  while (pairs.length < count) {
    const pair = spreadDigits(random);
    const id = pair.r1 * base + pair.r2;
    if (drawn.has(id)) continue;
    drawn.add(id);
    pairs.push(pair);
  }
  return pairs;
}

/** A fraction strictly between `low` and `high` (null: 1), neither ending in '0'. */
function fractionBetween(low: string, high: string | null, random?: Random): string {
  let prefix = '';
  let upper = high;
  for (let i = 0; ; i += 1) {
    const lowDigit = i < low.length ? digitValue(low.charAt(i)) : 0;
    const highDigit = upper !== null && i < upper.length ? digitValue(upper.charAt(i)) : base;
    if (lowDigit === highDigit) {
      prefix += digits[lowDigit];
      continue;
    }
    if (highDigit - lowDigit > 1) return spread(prefix + digits[digitBetween(lowDigit, highDigit, random)], random);
    // Adjacent digits: keep the lower one, and from here only the lower bound matters.
    prefix += digits[lowDigit];
    upper = null;
  }
}

/**
 * A key strictly between `before` and `after`; null for an open end (both null: the first key). With `random`, the
 * key is drawn from the gap rather than its middle, so concurrent writers that read the same neighbours rarely
 * write the same key (the unique index makes the loser try again).
 * @throws when before ≥ after
 */
export function keyBetween(before: string | null, after: string | null, random?: Random): string {
  if (before !== null && after !== null && before >= after) {
    throw new Error(`order keys out of order: ${before} ≥ ${after}`);
  }
  if (before === null && after === null) return spread(firstKey, random);
  if (before === null) {
    const { integer, fraction } = split(after as string);
    return fraction === '' ? spread(decrement(integer), random) : integer + fractionBetween('', fraction, random);
  }
  const low = split(before);
  if (after === null) return spread(increment(low.integer), random);
  const high = split(after);
  if (low.integer === high.integer) return low.integer + fractionBetween(low.fraction, high.fraction, random);
  const next = increment(low.integer);
  if (next < high.integer) return spread(next, random);
  if (next === high.integer && high.fraction !== '') return next + fractionBetween('', high.fraction, random);
  return low.integer + fractionBetween(low.fraction, null, random);
}

/** `count` keys after `before` (null: from the start), in order: for appending many at once. */
export function keysAfter(before: string | null, count: number): string[] {
  const keys: string[] = [];
  let last = before;
  for (let i = 0; i < count; i += 1) {
    last = keyBetween(last, null);
    keys.push(last);
  }
  return keys;
}
