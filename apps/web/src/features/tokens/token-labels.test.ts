import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { describeExpiry, describeLastUse, describeTokenProjects, isExpired, scopeLabels } from './token-labels';

const roadmap = { id: '0190c0de-0000-7000-8000-000000000001', name: 'Roadmap' };
const harbour = { id: '0190c0de-0000-7000-8000-000000000002', name: 'Harbour' };
const goneId = '0190c0de-0000-7000-8000-000000000003';
const nowMs = Date.parse('2026-03-01T12:00:00.000Z');

describe('scopeLabels', () => {
  it('names the scopes as the form’s radio buttons do', () => {
    expect(scopeLabels).toEqual({ read: 'Read only', write: 'Read and write' });
  });
});

describe('describeTokenProjects', () => {
  it('says all projects for a token without a limit', () => {
    expect(describeTokenProjects(null, [roadmap])).toBe('All projects');
    expect(describeTokenProjects(null, undefined)).toBe('All projects');
  });

  it('names the projects of the limit, in its order', () => {
    expect(describeTokenProjects([harbour.id, roadmap.id], [roadmap, harbour])).toBe('Harbour, Roadmap');
  });

  it('counts projects the person has left or that were deleted, since they cannot be named', () => {
    expect(describeTokenProjects([roadmap.id, goneId], [roadmap])).toBe(
      'Roadmap and 1 other project you are no longer in',
    );
    expect(describeTokenProjects([goneId, goneId], [roadmap])).toBe('2 projects you are no longer in');
  });

  it('counts the projects until the list of names has come', () => {
    expect(describeTokenProjects([roadmap.id], undefined)).toBe('1 project');
    expect(describeTokenProjects([roadmap.id, harbour.id], undefined)).toBe('2 projects');
  });
});

describe('describeLastUse', () => {
  it('says never used, or how long ago', () => {
    expect(describeLastUse(null, nowMs)).toBe('Never used');
    expect(describeLastUse('2026-03-01T11:57:00.000Z', nowMs)).toBe('Last used 3 min ago');
    expect(describeLastUse('2026-02-28T10:00:00.000Z', nowMs)).toBe('Last used yesterday');
  });
});

describe('describeExpiry', () => {
  it('gives the date, past or to come, or says the token never expires', () => {
    const later = '2026-03-31T12:00:00.000Z';
    const earlier = '2026-02-01T12:00:00.000Z';
    expect(describeExpiry(later, nowMs)).toBe(`Expires ${formatDate(later)}`);
    expect(describeExpiry(earlier, nowMs)).toBe(`Expired ${formatDate(earlier)}`);
    expect(describeExpiry(null, nowMs)).toBe('Never expires');
  });

  it('counts a token as expired from its expiry on', () => {
    expect(isExpired('2026-03-01T12:00:00.000Z', nowMs)).toBe(true);
    expect(isExpired('2026-03-01T12:00:01.000Z', nowMs)).toBe(false);
    expect(isExpired(null, nowMs)).toBe(false);
  });
});
