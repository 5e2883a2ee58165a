import { describe, expect, it } from 'vitest';
import { checkProfileDraft, profilePatchFrom } from './profile-validation';

const saved = {
  id: '0190c0de-0000-7000-8000-000000000000',
  email: 'ada@example.test',
  name: 'Ada',
  avatarUrl: '',
  color: '#1A2B3C',
  lastProjectId: '',
  emailVerified: true,
};

describe('checkProfileDraft', () => {
  it('accepts what the contract accepts', () => {
    expect(checkProfileDraft({ name: 'Ada', color: '#1a2b3c', avatarUrl: '' })).toEqual({});
    expect(checkProfileDraft({ name: 'Ada', color: '#1a2b3c', avatarUrl: 'https://img.example/a.png' })).toEqual({});
  });

  it('names each field that is wrong', () => {
    const errors = checkProfileDraft({ name: '  ', color: 'red', avatarUrl: 'javascript:alert(1)' });
    expect(Object.keys(errors).sort()).toEqual(['avatarUrl', 'color', 'name']);
    expect(checkProfileDraft({ name: 'x'.repeat(81), color: '#1a2b3c', avatarUrl: '' }).name).toBeDefined();
  });
});

describe('profilePatchFrom', () => {
  it('sends only what changed, in wire names', () => {
    expect(profilePatchFrom({ name: 'Ada', color: '#1a2b3c', avatarUrl: '' }, saved)).toEqual({});
    expect(
      profilePatchFrom({ name: ' Ada K ', color: '#00ff00', avatarUrl: 'https://a.example/p.png' }, saved),
    ).toEqual({
      name: 'Ada K',
      color: '#00ff00',
      avatar_url: 'https://a.example/p.png',
    });
  });
});
