import { describe, expect, it } from 'vitest';
import { safeLinkHref } from './safe-link';

describe('safeLinkHref', () => {
  it('keeps web and mail addresses, adding https to a bare host', () => {
    expect(safeLinkHref('https://example.com/a')).toBe('https://example.com/a');
    expect(safeLinkHref('example.com')).toBe('https://example.com/');
    expect(safeLinkHref('mailto:ada@example.com')).toBe('mailto:ada@example.com');
  });

  it('refuses scripts and other schemes', () => {
    expect(safeLinkHref('javascript:alert(1)')).toBeNull();
    expect(safeLinkHref('data:text/html,<b>x</b>')).toBeNull();
    expect(safeLinkHref('   ')).toBeNull();
  });
});
