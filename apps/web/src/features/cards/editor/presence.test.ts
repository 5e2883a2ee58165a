import { describe, expect, it } from 'vitest';
import { peopleById, presentPeople, presentUserIds } from './presence';

const ada = { userId: 'a', name: 'Ada', color: '#112233', avatarUrl: '' };
const bob = { userId: 'b', name: 'Bob', color: '#445566', avatarUrl: 'https://avatars.example/bob.png' };

describe('presentUserIds', () => {
  it('lists each person once, the signed-in one first', () => {
    const states = [{ user: { id: 'a' } }, { user: { id: 'b' } }, { user: { id: 'b' } }];
    expect(presentUserIds(states, 'b')).toEqual(['b', 'a']);
  });

  it('skips states without a well-formed user id', () => {
    const states = [{}, { user: { name: 'x' } }, { user: { id: 7 } }, { user: { id: '' } }, { user: { id: 'a' } }];
    expect(presentUserIds(states, 'z')).toEqual(['a']);
  });
});

describe('presentPeople', () => {
  it('shows each id as the member list has them, whatever else the state claimed', () => {
    const people = peopleById([ada, bob], null);
    const states = [
      { user: { id: 'a', name: 'Bob', avatarUrl: 'https://attacker.example/x.png' } },
      { user: { id: 'b' } },
    ];
    expect(presentPeople(presentUserIds(states, 'b'), people)).toEqual([bob, ada]);
  });

  it('leaves out an id the member list does not have', () => {
    expect(presentPeople(['a', 'stranger'], peopleById([ada], null))).toEqual([ada]);
  });
});

describe('peopleById', () => {
  it('keeps only what presence shows of each member', () => {
    const member = { ...bob, email: 'bob@example.test', role: 'member' };
    expect(peopleById([member], null).get('b')).toEqual(bob);
  });

  it('knows the signed-in person before the member list has loaded, and prefers the list after', () => {
    const self = { ...ada, name: 'Ada (profile)' };
    expect(peopleById([], self).get('a')).toEqual(self);
    expect(peopleById([ada], self).get('a')).toEqual(ada);
  });
});
