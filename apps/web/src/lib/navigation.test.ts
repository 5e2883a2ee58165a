import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './navigation';

describe('safeNextPath', () => {
  it('keeps paths of this site', () => {
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
    expect(safeNextPath('/0190-id/cards/c1?tab=chat#m2')).toBe('/0190-id/cards/c1?tab=chat#m2');
  });

  it('refuses other sites, the login and logout pages, and nothing', () => {
    for (const next of [null, '', 'dashboard', '//evil.example', '/\\evil.example', 'https://evil.example']) {
      expect(safeNextPath(next)).toBeNull();
    }
    for (const next of ['/login', '/login?mode=register', '/logout']) expect(safeNextPath(next)).toBeNull();
  });
});

describe('loginPath', () => {
  it('switches modes and keeps the remembered page', () => {
    expect(loginPath('sign-in', null)).toBe('/login');
    expect(loginPath('register', null)).toBe('/login?mode=register');
    expect(loginPath('reset', '/a/kanban')).toBe('/login?mode=reset&next=%2Fa%2Fkanban');
    expect(loginPath('sign-in', '//evil.example')).toBe('/login');
  });
});
