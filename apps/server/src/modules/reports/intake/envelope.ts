import { AppError } from '../../../platform/errors';

/**
 * Sentry's envelope format (https://develop.sentry.dev/sdk/data-model/envelopes/): a JSON header line,
 * then items, each a JSON header line and a payload. With `length` the payload is that many bytes
 * (binary allowed) followed by an optional newline; without it the payload runs to the next newline.
 */
export interface Envelope {
  headers: Record<string, unknown>;
  items: EnvelopeItem[];
}

export interface EnvelopeItem {
  type: string;
  headers: Record<string, unknown>;
  payload: Buffer;
}

/** More items than any SDK sends in one envelope; junk beyond it is refused rather than looped over. */
const maxItems = 1000;
const newline = 0x0a;

function invalid(message: string): AppError {
  return new AppError('reports/invalid-envelope', message);
}

function parseHeader(line: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line.toString('utf8'));
  } catch (err) {
    throw new AppError('reports/invalid-envelope', `The ${what} is not JSON`, { cause: err });
  }
  if (!isRecord(value)) throw invalid(`The ${what} is not a JSON object`);
  return value;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(line: Buffer): boolean {
  return line.toString('latin1').trim() === '';
}

/** @throws reports/invalid-envelope (never anything else, whatever the bytes) */
export function parseEnvelope(data: Buffer): Envelope {
  let pos = 0;
  function readLine(): Buffer {
    const end = data.indexOf(newline, pos);
    const line = data.subarray(pos, end === -1 ? data.length : end);
    pos = end === -1 ? data.length : end + 1;
    return line;
  }

  if (data.length === 0) throw invalid('The envelope is empty');
  const headers = parseHeader(readLine(), 'envelope header');
  const items: EnvelopeItem[] = [];
  while (pos < data.length) {
    const headerLine = readLine();
    if (isBlank(headerLine)) continue;
    if (items.length === maxItems) throw invalid(`An envelope holds at most ${maxItems} items`);
    const itemHeaders = parseHeader(headerLine, 'item header');
    const { type, length } = itemHeaders;
    if (typeof type !== 'string' || type === '') throw invalid('An item header has no type');
    if (length === undefined || length === null) {
      items.push({ type, headers: itemHeaders, payload: readLine() });
      continue;
    }
    if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 0) {
      throw invalid('An item length is not a non-negative integer');
    }
    if (pos + length > data.length) throw invalid('An item is shorter than its length');
    const payload = data.subarray(pos, pos + length);
    pos += length;
    if (pos < data.length && data[pos] !== newline) throw invalid('An item is longer than its length');
    pos += 1;
    items.push({ type, headers: itemHeaders, payload });
  }
  return { headers, items };
}
