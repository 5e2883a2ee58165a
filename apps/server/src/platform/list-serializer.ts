import type { FastifySerializerCompiler } from 'fastify/types/schema';

/**
 * For the long lists (a person's projects, a project's members): the zod schema still types the handler and
 * documents the answer in OpenAPI, but the answer is not parsed again on its way out. Those answers are built field
 * by field from typed rows, and re-validating hundreds of objects cost more than building them (`npm run bench`).
 */
export const listSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
