import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictBodyValidatorCompiler } from './strict-bodies';

function validate(schema: z.core.$ZodType, data: unknown, httpPart = 'body'): unknown {
  return strictBodyValidatorCompiler({ schema, method: 'POST', url: '/things', httpPart })(data);
}

/** `value.list` of a validation result. */
function listIn(result: unknown): unknown {
  if (typeof result !== 'object' || result === null || !('value' in result)) return undefined;
  const { value } = result;
  return typeof value === 'object' && value !== null && 'list' in value ? value.list : undefined;
}

const refusal = (key: string) => ({
  error: [expect.objectContaining({ keyword: 'unrecognized_keys', params: expect.objectContaining({ keys: [key] }) })],
});

describe('strictBodyValidatorCompiler', () => {
  const Item = z.object({ name: z.string() });
  const Body = z.object({
    item: Item,
    items: z.array(Item).optional(),
    maybe: Item.nullable().optional(),
    either: z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]).optional(),
    cleaned: z.preprocess((value) => value, z.object({ c: z.string() })).optional(),
    list: z.array(z.string()).default([]),
  });

  it('refuses a key the schema does not declare, at the top and at any depth', () => {
    expect(validate(Body, { item: { name: 'x' }, extra: 1 })).toEqual(refusal('extra'));
    expect(validate(Body, { item: { name: 'x', extra: 1 } })).toEqual(refusal('extra'));
    expect(validate(Body, { item: { name: 'x' }, items: [{ name: 'y', extra: 1 }] })).toEqual(refusal('extra'));
    expect(validate(Body, { item: { name: 'x' }, maybe: { name: 'y', extra: 1 } })).toEqual(refusal('extra'));
    expect(validate(Body, { item: { name: 'x' }, cleaned: { c: 'z', extra: 1 } })).toEqual(refusal('extra'));
    expect(validate(Body, { item: { name: 'x' }, either: { a: 'z', extra: 1 } })).toHaveProperty('error');
  });

  it('keeps what the schema says otherwise: defaults, refinements, objects open on purpose', () => {
    expect(validate(Body, { item: { name: 'x' } })).toEqual({ value: { item: { name: 'x' }, list: [] } });
    expect(validate(Body, { item: { name: 'x' }, either: { b: 'z' } })).toEqual({
      value: { item: { name: 'x' }, either: { b: 'z' }, list: [] },
    });
    const Refined = z.object({ n: z.number() }).refine((body) => body.n > 0, 'n must be positive');
    expect(validate(Refined, { n: 0 })).toMatchObject({ error: [{ message: 'n must be positive' }] });
    expect(validate(z.looseObject({ n: z.number() }), { n: 1, extra: 1 })).toEqual({ value: { n: 1, extra: 1 } });
    expect(validate(z.object({ n: z.number() }).catchall(z.string()), { n: 1, tag: 't' })).toEqual({
      value: { n: 1, tag: 't' },
    });
  });

  it('gives each parse its own default value, so one request cannot change the next one’s', () => {
    const [first, second] = [
      listIn(validate(Body, { item: { name: 'x' } })),
      listIn(validate(Body, { item: { name: 'x' } })),
    ];
    expect(first).toEqual([]);
    expect(first).not.toBe(second);
  });

  it('leaves query strings and params as they were: unknown keys there are dropped', () => {
    expect(validate(z.object({ q: z.string() }), { q: 'x', utm: 'y' }, 'querystring')).toEqual({ value: { q: 'x' } });
  });

  it('refuses to compile a body with an intersection, which strict objects would break', () => {
    const Both = z.intersection(z.object({ a: z.string() }), z.object({ b: z.string() }));
    expect(() => validate(Both, { a: 'x', b: 'y' })).toThrow(/intersection/);
  });
});
