import { CreateTokenInput, tokenLimits } from '@deckhand/contract/tokens';
import { describe, expect, it } from 'vitest';
import { checkTokenDraft, createTokenInputFrom, emptyTokenDraft, expiryChoices, expiryTimeOf } from './token-draft';

const dayMs = 24 * 60 * 60 * 1000;
const nowMs = Date.parse('2026-03-01T12:00:00.000Z');
const projectId = '0190c0de-0000-7000-8000-000000000001';

describe('checkTokenDraft', () => {
  it('accepts a named draft', () => {
    expect(checkTokenDraft({ ...emptyTokenDraft, name: 'CI job' })).toEqual({});
  });

  it('wants a name of at most the contract’s length, spaces aside', () => {
    expect(checkTokenDraft({ ...emptyTokenDraft, name: '   ' }).name).toBeDefined();
    expect(checkTokenDraft({ ...emptyTokenDraft, name: 'x'.repeat(tokenLimits.nameMaxLength + 1) }).name).toBeDefined();
    expect(checkTokenDraft({ ...emptyTokenDraft, name: ` ${'x'.repeat(tokenLimits.nameMaxLength)} ` })).toEqual({});
  });

  it('refuses more projects than a token may be limited to', () => {
    const projectIds = Array.from({ length: tokenLimits.projectsMax + 1 }, () => projectId);
    expect(checkTokenDraft({ ...emptyTokenDraft, name: 'CI job', projectIds }).projectIds).toBeDefined();
  });
});

describe('expiryTimeOf', () => {
  it('counts whole days from now', () => {
    expect(expiryTimeOf(7, nowMs)).toBe(nowMs + 7 * dayMs);
    expect(expiryTimeOf(90, nowMs)).toBe(nowMs + 90 * dayMs);
  });

  it('keeps a year short of the server’s limit, for a browser clock a little ahead', () => {
    const yearMs = expiryTimeOf(tokenLimits.maxDays, nowMs);
    expect(yearMs).toBeLessThan(nowMs + tokenLimits.maxDays * dayMs);
    expect(yearMs).toBeGreaterThan(nowMs + (tokenLimits.maxDays - 1) * dayMs);
  });

  it('offers the server’s default among its choices', () => {
    expect(expiryChoices.map((choice) => choice.label)).toEqual(['7 days', '30 days', '90 days', '1 year']);
    expect(emptyTokenDraft.expiryDays).toBe(tokenLimits.defaultDays);
  });
});

describe('createTokenInputFrom', () => {
  it('leaves the default expiry and an empty project limit to the server', () => {
    const input = createTokenInputFrom({ ...emptyTokenDraft, name: ' CI job ', scope: 'write' }, nowMs);
    expect(input).toEqual({ name: 'CI job', scope: 'write' });
    expect(CreateTokenInput.safeParse(input).success).toBe(true);
  });

  it('sends the projects checked and an expiry the contract accepts', () => {
    const input = createTokenInputFrom(
      { name: 'Backup', scope: 'read', projectIds: [projectId], expiryDays: 7 },
      nowMs,
    );
    expect(input).toEqual({
      name: 'Backup',
      scope: 'read',
      project_ids: [projectId],
      expires_at: '2026-03-08T12:00:00.000Z',
    });
    expect(CreateTokenInput.safeParse(input).success).toBe(true);
  });
});
