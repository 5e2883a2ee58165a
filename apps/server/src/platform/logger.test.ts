import { describe, expect, it } from 'vitest';
import { censorSecrets } from './logger';

describe('censorSecrets', () => {
  it('masks secret fields one level down and leaves the rest as it was', () => {
    const user = { email: 'a@example.test', password: 'hunter22', token: 't', id_token: 'i', refresh_token: 'r' };
    const line = { user, attempt: 2 };
    expect(censorSecrets(line)).toEqual({
      user: {
        email: 'a@example.test',
        password: '[REDACTED]',
        token: '[REDACTED]',
        id_token: '[REDACTED]',
        refresh_token: '[REDACTED]',
      },
      attempt: 2,
    });
    // The caller's objects are never changed: they may be the request's own.
    expect(user.password).toBe('hunter22');
  });

  it('masks credentials in a headers object one level down', () => {
    const line = {
      req: { url: '/x', headers: { authorization: 'Bearer abc', cookie: 'sid=1', accept: '*/*' } },
      res: { headers: { 'set-cookie': 'sid=2', 'content-type': 'text/plain' } },
    };
    expect(censorSecrets(line)).toEqual({
      req: { url: '/x', headers: { authorization: '[REDACTED]', cookie: '[REDACTED]', accept: '*/*' } },
      res: { headers: { 'set-cookie': '[REDACTED]', 'content-type': 'text/plain' } },
    });
    expect(line.req.headers.authorization).toBe('Bearer abc');
  });

  it('returns the same object when there is nothing to mask', () => {
    const line = { req: { method: 'GET', url: '/api/health' }, res: { statusCode: 200 }, responseTime: 1.5 };
    expect(censorSecrets(line)).toBe(line);
  });

  it('leaves instances to their serializers rather than copying them without their prototype', () => {
    class Request {
      token = 'kept for the serializer, which never logs it';
      get url(): string {
        return '/api/health';
      }
    }
    const req = new Request();
    const line = { req };
    expect(censorSecrets(line).req).toBe(req);
  });
});
