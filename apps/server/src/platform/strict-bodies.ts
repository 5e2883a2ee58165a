import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Fastify's validator for zod schemas, except that a request body may carry no key its schema does not declare, at
 * any depth: such a body gets 400 `request/invalid` naming the key, as a `z.strictObject` answers. Zod's objects
 * drop unknown keys silently, so a body schema that was not written strict accepted keys nobody reads (issue 28);
 * deciding it here, for every route, means no route can forget. An object that declares what other keys do
 * (`z.looseObject`, `.catchall()`) keeps its choice.
 * @throws Error when a route is registered with a body schema that contains an intersection, whose two sides would
 *   each refuse the other's keys (build the object with `.extend()` instead)
 */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) =>
  validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictCopy(route.schema) } : route);

// Several routes share a schema, and a recursive one (z.lazy) reaches itself again.
const strictCopies = new WeakMap<z.core.$ZodType, z.core.$ZodType>();

function strictCopy(schema: z.core.$ZodType): z.core.$ZodType {
  let copy = strictCopies.get(schema);
  if (!copy) {
    copy = copyWithStrictObjects(schema);
    strictCopies.set(schema, copy);
  }
  return copy;
}

/** `def` with `changes`, keeping its getters: a default's getter makes a fresh value (`[]`) for every parse. */
function changedDef<D extends object>(def: D, changes: Partial<D>): D {
  const copy = Object.defineProperties({ ...def }, Object.getOwnPropertyDescriptors(def));
  return Object.defineProperties(copy, Object.getOwnPropertyDescriptors(changes));
}

function copyWithStrictObjects(schema: z.core.$ZodType): z.core.$ZodType {
  const { clone } = z.core.util;
  if (schema instanceof z.core.$ZodObject) {
    const { shape, catchall } = schema._zod.def;
    const strictShape = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, strictCopy(value)]));
    return clone(schema, changedDef(schema._zod.def, { shape: strictShape, catchall: catchall ?? z.never() }));
  }
  if (schema instanceof z.core.$ZodArray) {
    return clone(schema, changedDef(schema._zod.def, { element: strictCopy(schema._zod.def.element) }));
  }
  if (schema instanceof z.core.$ZodUnion) {
    return clone(schema, changedDef(schema._zod.def, { options: schema._zod.def.options.map(strictCopy) }));
  }
  if (schema instanceof z.core.$ZodTuple) {
    const { items, rest } = schema._zod.def;
    return clone(schema, changedDef(schema._zod.def, { items: items.map(strictCopy), rest: rest && strictCopy(rest) }));
  }
  if (schema instanceof z.core.$ZodRecord) {
    return clone(schema, changedDef(schema._zod.def, { valueType: strictCopy(schema._zod.def.valueType) }));
  }
  if (schema instanceof z.core.$ZodPipe) {
    // Both ends: `z.preprocess` puts the object after the pipe, `.transform()` before it.
    const { in: input, out } = schema._zod.def;
    return clone(schema, changedDef(schema._zod.def, { in: strictCopy(input), out: strictCopy(out) }));
  }
  if (schema instanceof z.core.$ZodLazy) {
    const { getter } = schema._zod.def;
    return clone(schema, changedDef(schema._zod.def, { getter: () => strictCopy(getter()) }));
  }
  if (schema instanceof z.core.$ZodIntersection) {
    throw new Error('A request body schema may not use an intersection: build the object with .extend() instead');
  }
  // optional, nullable, default, readonly, catch…: one inner schema each.
  const def = schema._zod.def;
  if ('innerType' in def && def.innerType instanceof z.core.$ZodType) {
    return clone(schema, changedDef(def, { innerType: strictCopy(def.innerType) }));
  }
  return schema;
}
