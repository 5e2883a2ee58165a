import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors';
import { parseEnvelope } from './envelope';

const text = (s: string) => Buffer.from(s, 'utf8');

function expectInvalid(data: Buffer): void {
  let thrown: unknown;
  try {
    parseEnvelope(data);
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(AppError);
  expect(thrown instanceof AppError && thrown.code).toBe('reports/invalid-envelope');
}

describe('parseEnvelope', () => {
  it('reads items without length, as the browser SDK writes them (no trailing newline)', () => {
    const envelope = parseEnvelope(
      text('{"event_id":"abc"}\n{"type":"event"}\n{"message":"a"}\n{"type":"session"}\n{}'),
    );
    expect(envelope.headers).toEqual({ event_id: 'abc' });
    expect(envelope.items.map((i) => [i.type, i.payload.toString()])).toEqual([
      ['event', '{"message":"a"}'],
      ['session', '{}'],
    ]);
  });

  it('accepts a trailing newline and blank lines between items', () => {
    const envelope = parseEnvelope(text('{}\n{"type":"event"}\n{"a":1}\n\n{"type":"event"}\n{"a":2}\n'));
    expect(envelope.items.map((i) => i.payload.toString())).toEqual(['{"a":1}', '{"a":2}']);
  });

  it('takes exactly `length` bytes of a binary payload, newlines and all', () => {
    const binary = Buffer.from([0x89, 0x0a, 0x00, 0xff, 0x0a, 0x0a, 0x7b]);
    const data = Buffer.concat([
      text(`{}\n{"type":"attachment","length":${binary.length},"filename":"a.png"}\n`),
      binary,
      text('\n{"type":"event"}\n{}'),
    ]);
    const envelope = parseEnvelope(data);
    expect(envelope.items[0]?.payload.equals(binary)).toBe(true);
    expect(envelope.items[0]?.headers.filename).toBe('a.png');
    expect(envelope.items[1]?.type).toBe('event');
  });

  it('accepts a length-delimited payload at the very end, with or without a newline after it', () => {
    expect(parseEnvelope(text('{}\n{"type":"attachment","length":3}\nabc')).items[0]?.payload.toString()).toBe('abc');
    expect(parseEnvelope(text('{}\n{"type":"attachment","length":3}\nabc\n')).items[0]?.payload.toString()).toBe('abc');
    expect(parseEnvelope(text('{}\n{"type":"attachment","length":0}\n')).items[0]?.payload.length).toBe(0);
  });

  it('reads an envelope with a header only', () => {
    expect(parseEnvelope(text('{"sent_at":"2025-01-01T00:00:00Z"}')).items).toEqual([]);
  });

  it('gives an item without length at the end an empty payload', () => {
    expect(parseEnvelope(text('{}\n{"type":"event"}')).items[0]?.payload.length).toBe(0);
  });

  it.each([
    ['an empty body', ''],
    ['a header that is not JSON', 'hello\n{"type":"event"}\n{}'],
    ['a header that is an array', '[]\n{"type":"event"}\n{}'],
    ['a header that is null', 'null'],
    ['an item header that is not JSON', '{}\n{type:event}\n{}'],
    ['an item without a type', '{}\n{"length":2}\n{}'],
    ['an item whose type is not a string', '{}\n{"type":7}\n{}'],
    ['a negative length', '{}\n{"type":"attachment","length":-1}\n'],
    ['a fractional length', '{}\n{"type":"attachment","length":1.5}\nab'],
    ['a length that is a string', '{}\n{"type":"attachment","length":"3"}\nabc'],
    ['a payload shorter than its length', '{}\n{"type":"attachment","length":10}\nabc'],
    ['a payload longer than its length', '{}\n{"type":"attachment","length":2}\nabc\n'],
  ])('refuses %s with reports/invalid-envelope', (_label, body) => {
    expectInvalid(text(body));
  });

  it('refuses more than 1000 items', () => {
    expectInvalid(text(`{}${'\n{"type":"session"}\n{}'.repeat(1001)}`));
  });

  it('never fails with anything but reports/invalid-envelope on random bytes', () => {
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const alphabet = Buffer.from('{}[]":,\n\\ typelngth0123456789-attachment\x00\xff');
    for (let round = 0; round < 2000; round += 1) {
      const data = Buffer.from(Array.from({ length: next() % 80 }, () => alphabet[next() % alphabet.length] ?? 0));
      try {
        parseEnvelope(Buffer.concat([text('{}\n'), data]));
      } catch (err) {
        expect(err instanceof AppError && err.code).toBe('reports/invalid-envelope');
      }
    }
  });
});
