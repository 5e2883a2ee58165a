import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as encodingCompiler, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Schema = z.core.$ZodType;

/** The kinds of schema whose encode (a response's direction) differs from their parse. */
const encodedDifferently = [
  z.core.$ZodTransform,
  z.core.$ZodPipe,
  z.core.$ZodDefault,
  z.core.$ZodPrefault,
  z.core.$ZodCatch,
  z.core.$ZodSuccess,
  z.core.$ZodReadonly,
];

/** The schemas directly inside `schema`, whatever its kind: they are the values of its definition. */
function childrenOf(schema: Schema): Schema[] {
  if (schema instanceof z.core.$ZodLazy) return [schema._zod.innerType];
  const children: Schema[] = [];
  const collect = (value: unknown, depth: number) => {
    if (value instanceof z.core.$ZodType) children.push(value);
    else if (Array.isArray(value)) for (const item of value) collect(item, depth);
    // An object's shape is a record of schemas one level down in its definition.
    else if (depth === 0 && typeof value === 'object' && value !== null) {
      for (const item of Object.values(value)) collect(item, depth + 1);
    }
  };
  for (const value of Object.values(schema._zod.def)) collect(value, 0);
  return children;
}

/** Whether encoding `schema` gives what parsing it gives: none of its parts has a direction of its own. */
export function encodesAsParsed(schema: Schema, seen = new Set<Schema>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  if (encodedDifferently.some((kind) => schema instanceof kind)) return false;
  return childrenOf(schema).every((child) => encodesAsParsed(child, seen));
}

/**
 * The zod serializer of fastify-type-provider-zod, which checks each answer against its schema and drops any field
 * the schema does not declare, made cheaper for the schemas that have no transform, default or codec: for those,
 * zod's parse gives exactly what its encode gives, and parse runs zod's compiled checks in one pass where encode
 * walks the answer twice (a first pass without checks, as a codec needs). Measured on a task: 1.4 µs against 12 µs
 * a call; on a busy board the encode was 8 % of a move's server CPU. Any other schema keeps the library's encode.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<Schema> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof z.core.$ZodType) || !encodesAsParsed(schema)) return encodingCompiler(route);
  return (data) => {
    const result = z.safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
