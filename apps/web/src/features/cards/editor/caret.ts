/** Black or white, whichever reads better on a profile colour (#rrggbb); white for anything else. */
function labelTextColor(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#ffffff';
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16));
  return 0.299 * (r ?? 0) + 0.587 * (g ?? 0) + 0.114 * (b ?? 0) > 150 ? '#000000' : '#ffffff';
}

/**
 * Another editor's caret: a line in their profile colour with their name above it. Built with DOM calls (text
 * nodes), never innerHTML: the name comes from another person's client.
 */
export function renderCaret(user: Record<string, unknown>): HTMLElement {
  const name = typeof user.name === 'string' ? user.name : 'Someone';
  const color = typeof user.color === 'string' && /^#[0-9a-f]{6}$/i.test(user.color) ? user.color : '#555b69';
  const caret = document.createElement('span');
  caret.className = 'collab-caret';
  caret.style.borderColor = color;
  const label = document.createElement('span');
  label.className = 'collab-caret-label';
  label.style.backgroundColor = color;
  label.style.color = labelTextColor(color);
  label.textContent = name;
  caret.append(label);
  return caret;
}
