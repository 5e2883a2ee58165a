import * as Sentry from '@sentry/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultsKept, sentryOptions, startReplay } from './sentry';

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

describe('session replay', () => {
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

  it('is not part of the SDK started at the first load, which only reports errors', () => {
    const client = Sentry.init(sentryOptions(config));
    expect(client?.getIntegrationByName('Replay')).toBeUndefined();
    expect(client?.getIntegrationByName('Feedback')).toBeUndefined();
  });

  it('joins the running client later with spec §9’s sampling: 10% of sessions, every session with an error', async () => {
    const client = Sentry.init(sentryOptions(config));
    await startReplay();
    expect(client?.getIntegrationByName('Replay')).toBeDefined();
    // What the replay integration reads from the client as it is set up (loadReplayOptionsFromClient).
    expect(client?.getOptions()).toMatchObject({ replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
  });
});
