import { describe, expect, it } from 'vitest';
import { presentUsers } from './presence';

const ada = { userId: 'a', name: 'Ada', color: '#112233', avatarUrl: '' };
const bob = { userId: 'b', name: 'Bob', color: '#445566', avatarUrl: '' };

describe('presentUsers', () => {
  it('lists each person once, the signed-in one first', () => {
    const states = [
      { clientId: 1, user: ada },
      { clientId: 2, user: bob },
      { clientId: 3, user: bob },
    ];
    expect(presentUsers(states, 'b')).toEqual([bob, ada]);
  });

  it('skips states without a well-formed user', () => {
    const states = [{ clientId: 1 }, { clientId: 2, user: { name: 'x' } }, { clientId: 3, user: ada }];
    expect(presentUsers(states, 'z')).toEqual([ada]);
  });
});
