import type { ReportEvent, ReportFrame } from '@deckhand/contract/reports';
import { describe, expect, it } from 'vitest';
import { groupKeyOf, normalizeFilename, normalizeMessage } from './fingerprint';
import { browserFromUserAgent, osFromUserAgent } from './user-agent';

function frame(overrides: Partial<ReportFrame>): ReportFrame {
  return {
    filename: '/assets/index-BGk3sQ2x.js',
    function: 'saveCard',
    lineno: 10,
    colno: 5,
    in_app: true,
    ...overrides,
  };
}

function event(type: string, value: string, frames: ReportFrame[], message: string | null = null): ReportEvent {
  return {
    event_id: 'e',
    timestamp: new Date(0).toISOString(),
    platform: 'javascript',
    level: 'error',
    message,
    browser: null,
    os: null,
    user_agent: null,
    release: null,
    environment: null,
    user_id: null,
    url: 'https://deck.example.test/p/1?tab=2',
    replay_id: null,
    exception: type ? [{ type, value, stacktrace: { frames } }] : [],
  };
}

describe('groupKeyOf', () => {
  it('groups the same error from another build and line of the same function', () => {
    const a = groupKeyOf(event('Error', 'Card 123456 not saved', [frame({ lineno: 10 })]));
    const b = groupKeyOf(
      event('Error', 'Card 654321 not saved', [
        frame({ filename: 'https://x.test/assets/index-Zz9_a1b2.js', lineno: 99 }),
      ]),
    );
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.title).toBe('Error: Card 123456 not saved');
    expect(a.culprit).toBe('saveCard (/assets/index.js:10)');
  });

  it('tells apart types, short numbers, and top in-app frames', () => {
    const base = groupKeyOf(event('Error', 'HTTP error, status = 404', [frame({})])).fingerprint;
    expect(groupKeyOf(event('TypeError', 'HTTP error, status = 404', [frame({})])).fingerprint).not.toBe(base);
    expect(groupKeyOf(event('Error', 'HTTP error, status = 500', [frame({})])).fingerprint).not.toBe(base);
    expect(
      groupKeyOf(event('Error', 'HTTP error, status = 404', [frame({ function: 'loadBoard' })])).fingerprint,
    ).not.toBe(base);
  });

  it('uses the newest in-app frame, ignoring library frames above it', () => {
    const own = frame({ function: 'saveCard' });
    const library = frame({ filename: '/node_modules/react-dom/index.js', function: 'commit', in_app: false });
    expect(groupKeyOf(event('Error', 'x', [own, library])).fingerprint).toBe(
      groupKeyOf(event('Error', 'x', [own])).fingerprint,
    );
  });

  it('groups message-only events by message and names them by it', () => {
    const key = groupKeyOf(event('', '', [], 'Something odd'));
    expect(key.title).toBe('Something odd');
    expect(key.culprit).toBe('/p/1');
    expect(groupKeyOf(event('', '', [], 'Something odd')).fingerprint).toBe(key.fingerprint);
  });
});

describe('normalizers', () => {
  it.each([
    ['/assets/index-BGk3sQ2x.js', '/assets/index.js'],
    ['https://a.test/assets/chunk.a1b2c3d4.js?v=1', '/assets/chunk.js'],
    ['/src/features/project-settings.tsx', '/src/features/project-settings.tsx'],
    ['/work/main/apps/server/src/app.ts', '/work/main/apps/server/src/app.ts'],
  ])('normalizeFilename(%s) is %s', (input, output) => {
    expect(normalizeFilename(input)).toBe(output);
  });

  it('replaces ids but keeps short numbers in messages', () => {
    expect(normalizeMessage('Project 0192f1a2-aaaa-7bbb-8ccc-123456789abc has 3 cards, last 1700000000')).toBe(
      'Project <uuid> has 3 cards, last <n>',
    );
  });

  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
      'Edge 126.0',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      'Safari 17.5',
      'macOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox 127.0', 'Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) CriOS/126.0.6478.54 Mobile Safari/604.1',
      'Chrome 126.0',
      'iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome Headless 131.0', 'Linux'],
    ['curl/8.0', null, null],
  ])('reads the browser and OS of %s', (ua, browser, os) => {
    expect(browserFromUserAgent(ua)).toBe(browser);
    expect(osFromUserAgent(ua)).toBe(os);
  });
});
