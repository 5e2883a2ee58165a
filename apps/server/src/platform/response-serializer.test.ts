import { Task } from '@deckhand/contract/tasks';
import Fastify from 'fastify';
import { isResponseSerializationError, serializerCompiler as libraryCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodesAsParsed, responseSerializerCompiler } from './response-serializer';

const route = (schema: z.core.$ZodType) => ({ schema, method: 'GET', url: '/things', httpStatus: '200' });
const ours = (schema: z.core.$ZodType) => responseSerializerCompiler(route(schema));
const library = (schema: z.core.$ZodType) => libraryCompiler(route(schema));

const userId = '0192f0a0-0000-7000-8000-000000000005';
const task = {
  id: '0192f0a0-0000-7000-8000-000000000001',
  project_id: '0192f0a0-0000-7000-8000-000000000002',
  card_id: '0192f0a0-0000-7000-8000-000000000003',
  card_title: 'Rigging',
  title: 'Splice the "main" brace \\ today',
  status_id: '0192f0a0-0000-7000-8000-000000000004',
  position: 'a0V',
  assignee_ids: [userId],
  due_at: null,
  priority: 'high',
  labels: ['deck', 'ünïcödé'],
  done_at: '2026-11-28T12:34:56.789Z',
  created_by: { user_id: userId, name: 'Bench' },
  created_at: '2026-11-28T12:34:56.789Z',
  updated_at: '2026-11-28T12:34:56.789Z',
};

describe('which schemas encode as they parse', () => {
  it('counts plain objects, arrays, unions, nullables, records and recursive schemas in', () => {
    type Node = { name: string; children: Node[] };
    const Tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }));
    for (const schema of [
      Task,
      z.array(Task),
      z.object({ items: z.array(Task), next: z.string().nullable(), total: z.number().optional() }),
      z.union([z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b'), at: z.iso.datetime() })]),
      z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]),
      z.record(z.string(), z.array(z.uuid())),
      z.null(),
      Tree,
    ]) {
      expect(encodesAsParsed(schema)).toBe(true);
    }
  });

  it('leaves out a schema with a transform, codec, default or catch anywhere inside it', () => {
    const dated = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    for (const schema of [
      z.object({ labels: z.array(z.string()).transform((labels) => [...new Set(labels)]) }),
      z.object({ page: z.object({ at: dated }) }),
      z.array(z.object({ kind: z.string().default('task') })),
      z.union([z.string(), z.number().catch(0)]),
      z.object({ shape: z.record(z.string(), z.string().readonly()) }),
    ]) {
      expect(encodesAsParsed(schema)).toBe(false);
    }
  });
});

describe('responseSerializerCompiler', () => {
  it('answers what the library answers, undeclared fields dropped', () => {
    const answer = { ...task, password_hash: 'secret', created_by: { ...task.created_by, email: 'a@b.c' } };
    const text = ours(Task)(answer);
    expect(text).toBe(library(Task)(answer));
    expect(JSON.parse(text)).toEqual(task);
    expect(text).not.toContain('secret');
    expect(text).not.toContain('a@b.c');
    expect(ours(z.array(Task))([answer, answer])).toBe(library(z.array(Task))([answer, answer]));
  });

  it('refuses an answer that does not match its schema, as the library does', () => {
    for (const bad of [
      { ...task, id: 'not-a-uuid' },
      { ...task, created_at: 'yesterday' },
      { ...task, title: 3 },
    ]) {
      const refusal = (() => {
        try {
          ours(Task)(bad);
        } catch (err) {
          return err;
        }
      })();
      expect(refusal).toBeInstanceOf(Error);
      expect(isResponseSerializationError(refusal)).toBe(true);
    }
  });

  it('keeps the library encode for a schema with a direction of its own', () => {
    const Dated = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    const at = new Date('2026-11-28T12:34:56.789Z');
    expect(ours(Dated)({ at })).toBe('{"at":"2026-11-28T12:34:56.789Z"}');
  });

  it('is what the app answers with: an undeclared field never reaches the client', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    app.get('/task', { schema: { response: { 200: Task } } }, () => ({ ...task, internal_note: 'not for clients' }));
    const res = await app.inject({ method: 'GET', url: '/task' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(task);
    await app.close();
  });
});
