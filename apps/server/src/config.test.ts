import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Deckhand <no-reply@localhost>',
      oidcGoogle: undefined,
      authEnumerationProtection: true,
      adminEmails: [],
      sentryDsn: undefined,
      feedbackRequireName: false,
      feedbackRequireEmail: false,
      reportsRetentionDays: 90,
      analyticsEnabled: true,
      fileMaxBytes: 104_857_600,
      s3: null,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('logs JSON unless stdout is a terminal or LOG_FORMAT says otherwise', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({}, { stdoutIsTty: true }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { stdoutIsTty: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('reads the file settings: the size limit and an S3-compatible bucket', () => {
    expect(loadConfig({ FILE_MAX_BYTES: '1048576' }).fileMaxBytes).toBe(1_048_576);
    expect(() => loadConfig({ FILE_MAX_BYTES: '0' })).toThrow(/FILE_MAX_BYTES/);
    expect(() => loadConfig({ FILE_MAX_BYTES: 'lots' })).toThrow(/FILE_MAX_BYTES/);
    const config = loadConfig({
      S3_BUCKET: 'deckhand',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.s3).toEqual({
      bucket: 'deckhand',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toThrow(/set together/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });

  it('reads the operations settings: the shutdown grace period and the metrics token', () => {
    expect(loadConfig({})).toMatchObject({ shutdownGraceMs: 25_000, metricsToken: undefined });
    const token = 'a-scraper-secret-of-some-length';
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '5', METRICS_TOKEN: token })).toMatchObject({
      shutdownGraceMs: 5000,
      metricsToken: token,
    });
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters[\s\S]*METRICS_TOKEN/);
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', AUTH_ENUMERATION_PROTECTION: 'maybe' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*AUTH_ENUMERATION_PROTECTION|PORT[\s\S]*AUTH_ENUMERATION_PROTECTION[\s\S]*DATABASE_URL/,
    );
  });

  it('needs the three OIDC variables together', () => {
    expect(() => loadConfig({ OIDC_GOOGLE_ISSUER: 'https://accounts.example.test' })).toThrow(/OIDC_GOOGLE/);
  });

  it('parses admin emails and strips a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' A@x.test, b@y.test ,', PUBLIC_URL: 'https://deck.example.test/' });
    expect(config.adminEmails).toEqual(['a@x.test', 'b@y.test']);
    expect(config.publicUrl).toBe('https://deck.example.test');
  });

  it('reads the reporting and analytics settings', () => {
    const config = loadConfig({
      SENTRY_DSN: 'https://key@glitchtip.example.test/3',
      FEEDBACK_REQUIRE_NAME: 'yes',
      FEEDBACK_REQUIRE_EMAIL: 'true',
      REPORTS_RETENTION_DAYS: '0',
      ANALYTICS: 'off',
    });
    expect(config).toMatchObject({
      sentryDsn: 'https://key@glitchtip.example.test/3',
      feedbackRequireName: true,
      feedbackRequireEmail: true,
      reportsRetentionDays: 0,
      analyticsEnabled: false,
    });
  });

  it.each([
    [undefined, 0],
    ['', 0],
    ['false', 0],
    ['0', 0],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.0/8, 192.168.1.1 ,fd00::/8 ', ['10.0.0.0/8', '192.168.1.1', 'fd00::/8']],
  ])('reads TRUST_PROXY=%j as hops or proxy addresses', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it.each(['maybe', '-1', '1.5', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.1,', 'nginx', '10.0.0.0/8/1'])(
    'refuses TRUST_PROXY=%s, saying what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/number of proxy hops[\s\S]*TRUST_PROXY/);
    },
  );

  it.each(['-1', '1.5', 'forever', '3651'])('refuses REPORTS_RETENTION_DAYS=%s', (days) => {
    expect(() => loadConfig({ REPORTS_RETENTION_DAYS: days })).toThrow(/REPORTS_RETENTION_DAYS/);
  });

  it.each(['not a url', 'https://glitchtip.example.test/3', 'https://key@glitchtip.example.test/', 'ftp://k@h/1'])(
    'refuses SENTRY_DSN=%s',
    (dsn) => {
      expect(() => loadConfig({ SENTRY_DSN: dsn })).toThrow(/SENTRY_DSN/);
    },
  );
});
