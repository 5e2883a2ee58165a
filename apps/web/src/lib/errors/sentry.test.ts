import * as Sentry from '@sentry/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyErrorMechanisms } from './early-errors';
import { defaultsKept, reportEarlyErrors, sentryOptions } from './sentry';

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

describe('the started SDK', () => {
  const config = {
    version: '1.2.3',
    oidcGoogleEnabled: false,
    sentryDsn: 'https://public@reports.example.test/1',
    sentryOwnIntake: true,
    feedbackRequireName: false,
    feedbackRequireEmail: false,
    fileMaxBytes: 1024,
  };

  afterEach(() => Sentry.close());

  it('runs session replay with spec §9’s sampling: 10% of sessions, every session with an error', () => {
    const client = Sentry.init(sentryOptions(config));
    expect(client?.getIntegrationByName('Replay')).toBeDefined();
    expect(client?.getIntegrationByName('Feedback')).toBeUndefined();
    // What the replay integration reads from the client as it is set up (loadReplayOptionsFromClient).
    expect(client?.getOptions()).toMatchObject({ replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
  });

  it('reports the errors held until it started as unhandled, oldest first', async () => {
    const sent: Sentry.ErrorEvent[] = [];
    Sentry.init({
      ...sentryOptions(config),
      beforeSend: (event) => {
        sent.push(event);
        return null;
      },
    });
    reportEarlyErrors([
      { error: new Error('thrown before the SDK'), mechanism: earlyErrorMechanisms.error },
      { error: 'rejected before the SDK', mechanism: earlyErrorMechanisms.rejection },
    ]);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((event) => event.exception?.values?.[0]?.mechanism)).toEqual([
      expect.objectContaining({ handled: false, type: 'auto.browser.global_handlers.onerror' }),
      expect.objectContaining({ handled: false, type: 'auto.browser.global_handlers.onunhandledrejection' }),
    ]);
    expect(sent.map((event) => event.exception?.values?.[0]?.value)).toEqual([
      'thrown before the SDK',
      expect.stringContaining('rejected before the SDK'),
    ]);
  });
});
