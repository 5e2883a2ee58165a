import { paletteShortcutLabel } from './platform';

export interface ShortcutEntry {
  /** Keys pressed one after another; a key written `Ctrl K` is a chord. */
  keys: readonly string[];
  description: string;
}

export interface ShortcutSection {
  heading: string;
  shortcuts: readonly ShortcutEntry[];
}

/**
 * What the Keyboard shortcuts dialog lists. The bindings themselves live where they act (app/), and none fires
 * while typing in a field or the card body.
 */
export function shortcutSections(): ShortcutSection[] {
  return [
    {
      heading: 'Anywhere',
      shortcuts: [
        { keys: [paletteShortcutLabel()], description: 'Search or jump to…' },
        { keys: ['?'], description: 'Keyboard shortcuts' },
        { keys: ['/'], description: 'Focus the page’s search or filter' },
        { keys: ['g', 'd'], description: 'Go to the dashboard' },
      ],
    },
    {
      heading: 'In a project (or the last one you opened)',
      shortcuts: [
        { keys: ['g', 'c'], description: 'Go to Cards' },
        { keys: ['g', 'k'], description: 'Go to Kanban' },
        { keys: ['g', 'm'], description: 'Go to My work' },
        { keys: ['c'], description: 'New card' },
      ],
    },
    { heading: 'On the dashboard', shortcuts: [{ keys: ['n'], description: 'New project' }] },
  ];
}
