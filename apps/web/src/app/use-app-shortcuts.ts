import { useNavigate } from 'react-router';
import { type KeyBinding, useKeySequences } from '../lib/use-keyboard-shortcut';

export interface AppShortcutsOptions {
  /** Where `g c`, `g k` and `g m` lead: the open project, else the last one visited; none: they do nothing. */
  projectId: string | null;
  /** How `c` makes a card; null where it cannot (outside a project, or a role that may not write). */
  newCard: (() => void) | null;
  showShortcuts(): void;
}

/** The page's own search or filter field (Search cards, Filter tasks), if it has one. */
function focusPageSearch(): void {
  const field = document.querySelector<HTMLInputElement>('main input[type="search"]');
  field?.focus();
  field?.select();
}

/** The app-wide single-key shortcuts the Keyboard shortcuts dialog lists (Ctrl K has its own listener). */
export function useAppShortcuts({ projectId, newCard, showShortcuts }: AppShortcutsOptions): void {
  const navigate = useNavigate();
  const bindings: KeyBinding[] = [
    { keys: ['?'], onPress: showShortcuts },
    { keys: ['/'], onPress: focusPageSearch },
    { keys: ['g', 'd'], onPress: () => void navigate('/dashboard') },
  ];
  if (projectId) {
    bindings.push(
      { keys: ['g', 'c'], onPress: () => void navigate(`/${projectId}`) },
      { keys: ['g', 'k'], onPress: () => void navigate(`/${projectId}/kanban`) },
      { keys: ['g', 'm'], onPress: () => void navigate(`/${projectId}/my-work`) },
    );
  }
  if (newCard) bindings.push({ keys: ['c'], onPress: newCard });
  useKeySequences(bindings);
}
