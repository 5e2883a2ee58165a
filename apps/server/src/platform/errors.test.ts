import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, registerErrorHandlers } from './errors';
import type { ServerErrorContext } from './server-errors';

describe('registerErrorHandlers', () => {
  it('hands unexpected errors to the sink with their request, and client errors not at all', async () => {
    const seen: { err: Error; context: ServerErrorContext }[] = [];
    const app = Fastify({ logger: false });
    app.decorateRequest('actor', null);
    registerErrorHandlers(app, (err, context) => seen.push({ err, context }));
    app.get('/boom', async () => {
      throw new Error('kaboom');
    });
    app.get('/gone', async () => {
      throw new AppError('reports/not-found', 'No such attachment');
    });
    const boom = await app.inject({ method: 'GET', url: '/boom?token=secret' });
    const gone = await app.inject({ method: 'GET', url: '/gone' });
    await app.close();
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ error: { code: 'internal', message: 'Internal error' } });
    expect(gone.statusCode).toBe(404);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.err.message).toBe('kaboom');
    expect(seen[0]?.context).toEqual({ method: 'GET', path: '/boom', userId: null });
  });
});
