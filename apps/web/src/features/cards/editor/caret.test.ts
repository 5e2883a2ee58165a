import { describe, expect, it } from 'vitest';
import { caretRenderers } from './caret';
import { peopleById } from './presence';

const bob = { userId: 'b', name: 'Bob', color: '#445566', avatarUrl: '' };

describe('caretRenderers', () => {
  const people = peopleById([bob], null);
  const { selectionRender } = caretRenderers((userId) => people.get(userId));

  it('colours a selection by the member’s profile, not by the colour a client announced', () => {
    expect(selectionRender({ id: 'b', color: '#ff0000' })).toEqual({
      style: 'background-color: #44556670',
      class: 'ProseMirror-yjs-selection',
    });
  });

  it('leaves the selection of someone not among the members unmarked', () => {
    expect(selectionRender({ id: 'stranger', color: '#ff0000' })).toEqual({});
  });
});
