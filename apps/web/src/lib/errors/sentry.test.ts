import * as Sentry from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { defaultsKept } from './sentry';

describe('the Sentry SDK’s default integrations', () => {
  const names = (integrations: { name: string }[]) => integrations.map((integration) => integration.name);
  const defaults = Sentry.getDefaultIntegrations({});

  it('leave out release-health sessions for the instance’s own intake, which drops them', () => {
    expect(names(defaults)).toContain('BrowserSession');
    const kept = names(defaultsKept(defaults, true));
    expect(kept).not.toContain('BrowserSession');
    expect(kept).toEqual(names(defaults).filter((name) => name !== 'BrowserSession'));
  });

  it('stay whole for an external Sentry (SENTRY_DSN)', () => {
    expect(names(defaultsKept(defaults, false))).toEqual(names(defaults));
  });
});
