import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/test-app';
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

  it('answers 503 with Retry-After, and reports nothing, when the database cannot be reached', async () => {
    const seen: Error[] = [];
    const app = Fastify({ logger: false });
    app.decorateRequest('actor', null);
    registerErrorHandlers(app, (err) => seen.push(err));
    // A real driver on a port nothing listens on: drizzle's wrapped query error, and a transaction's bare one.
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
    const db = drizzle(pool);
    app.get('/query', async () => db.execute(sql`select 1`));
    app.get('/transaction', async () => db.transaction(async (tx) => tx.execute(sql`select 1`)));
    // What PostgreSQL and the driver say while the server restarts.
    const shuttingDown = Object.assign(new pg.DatabaseError('terminating connection', 0, 'error'), { code: '57P01' });
    const startingUp = Object.assign(new pg.DatabaseError('the database system is starting up', 0, 'error'), {
      code: '57P03',
    });
    const thrown = [shuttingDown, startingUp, new Error('Connection terminated unexpectedly')];
    for (const [n, error] of thrown.entries()) {
      app.get(`/thrown/${n}`, async () => {
        throw error;
      });
    }
    const urls = ['/query', '/transaction', ...thrown.map((_, n) => `/thrown/${n}`)];
    try {
      for (const url of urls) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(Number(res.headers['retry-after']), url).toBeGreaterThan(0);
        expect(res.json(), url).toEqual({ error: { code: 'service/unavailable', message: expect.any(String) } });
      }
    } finally {
      await app.close();
      await pool.end();
    }
    expect(seen).toEqual([]);
  });

  it('still answers 500 for a statement PostgreSQL refused', async () => {
    const app = Fastify({ logger: false });
    app.decorateRequest('actor', null);
    registerErrorHandlers(app);
    app.get('/violation', async () => {
      throw Object.assign(new pg.DatabaseError('division by zero', 0, 'error'), { code: '22012' });
    });
    const res = await app.inject({ method: 'GET', url: '/violation' });
    await app.close();
    expect(res.statusCode).toBe(500);
  });
});
