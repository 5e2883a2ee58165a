import type { DecorationAttrs } from '@tiptap/pm/view';
import { type PresentUser, presenceUserId } from './presence';

/** Black or white, whichever reads better on a profile colour (#rrggbb); white for anything else. */
function labelTextColor(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16));
  return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) > 150 ? '#000000' : '#ffffff';
}

const unknownColor = '#555b69';

function isHexColor(value: string): boolean {
  return /^#[0-9a-f]{6}$/i.test(value);
}

export interface CaretRenderers {
  render(user: Record<string, unknown>): HTMLElement;
  selectionRender(user: Record<string, unknown>): DecorationAttrs;
}

/**
 * Another editor's caret and selection, in their profile colour with their name above the caret. `user` is the
 * awareness state's, which the server reduces to `{ id }`: name and colour come from `personOf` (the project's
 * members), never from what a client announces. Built with DOM calls (text nodes), never innerHTML.
 */
export function caretRenderers(personOf: (userId: string) => PresentUser | undefined): CaretRenderers {
  function lookUp(user: Record<string, unknown>): PresentUser | undefined {
    const userId = presenceUserId(user);
    return userId === undefined ? undefined : personOf(userId);
  }
  return {
    render(user) {
      const person = lookUp(user);
      const color = person && isHexColor(person.color) ? person.color : unknownColor;
      const caret = document.createElement('span');
      caret.className = 'collab-caret';
      caret.style.borderColor = color;
      const label = document.createElement('span');
      label.className = 'collab-caret-label';
      label.style.backgroundColor = color;
      label.style.color = labelTextColor(color);
      label.textContent = person?.name ?? 'Someone';
      caret.append(label);
      return caret;
    },
    selectionRender(user) {
      const person = lookUp(user);
      if (!person || !isHexColor(person.color)) return {};
      // As y-tiptap's default selection: the colour at 70/255 opacity.
      return { style: `background-color: ${person.color}70`, class: 'ProseMirror-yjs-selection' };
    },
  };
}
