import { type SearchResultType, searchResultTypes } from '@deckhand/contract/search';
import { parseSearchQuery } from '@deckhand/contract/search-query';
import type { ClientSearchResult } from './api';
import type { FilterCompletion } from './filter-completion';
import { matchWords } from './highlight';

/** The palette's commands, by the names people type to find them. */
export const paletteActionNames = [
  'New card',
  'New task',
  'New project',
  'Go to My work',
  'Go to Kanban',
  'Switch theme',
  'Keyboard shortcuts',
] as const;
export type PaletteActionName = (typeof paletteActionNames)[number];

export interface PaletteAction {
  name: PaletteActionName;
  /** Says where it acts, e.g. the project a new card goes to. */
  hint?: string;
  run(): void;
}

export interface PaletteProject {
  id: string;
  name: string;
}

export type PaletteOption =
  | { kind: 'completion'; key: string; completion: FilterCompletion }
  | { kind: 'project'; key: string; project: PaletteProject; ranges: [number, number][] }
  | { kind: 'result'; key: string; result: ClientSearchResult }
  | { kind: 'action'; key: string; action: PaletteAction; ranges: [number, number][] };

export type PaletteGroupId = 'suggestions' | 'projects' | SearchResultType | 'actions';

export interface PaletteGroup {
  id: PaletteGroupId;
  heading: string;
  options: PaletteOption[];
}

export interface PaletteContent {
  query: string;
  /** Values for the filter being typed (empty when none is). */
  completions: readonly FilterCompletion[];
  projects: readonly PaletteProject[];
  results: readonly ClientSearchResult[];
  actions: readonly PaletteAction[];
}

const resultHeadings: Record<SearchResultType, string> = {
  card: 'Cards',
  task: 'Tasks',
  message: 'Messages',
  file: 'Files',
};

/** A jump list, not a directory: past this many, the words typed should narrow it. */
export const projectsShownMax = 5;

/** The ranges of a name to mark, or null when it does not match. */
type NameMatcher = (name: string) => [number, number][] | null;

/**
 * How the palette matches names itself (projects, actions): by the query's words, all of which must occur. A query
 * with filters (`type:task`, `in:…`) is about what the server finds, so it matches no name.
 */
function nameMatcher(query: string): NameMatcher {
  if (query.trim() === '') return () => [];
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) return () => null;
  const { terms, ...filters } = parsed.query;
  if (Object.values(filters).some((values) => values.length > 0)) return () => null;
  const wanted = terms.filter((term) => !term.negated).flatMap((term) => term.words);
  const unwanted = terms.filter((term) => term.negated).flatMap((term) => term.words);
  return (name) => {
    if (unwanted.some((word) => matchWords(name, [word]) !== null)) return null;
    return matchWords(name, wanted);
  };
}

function group(id: PaletteGroupId, heading: string, options: PaletteOption[]): PaletteGroup[] {
  return options.length > 0 ? [{ id, heading, options }] : [];
}

/**
 * The palette's options under their headings, in the order they are shown and stepped through: suggestions for
 * the filter being typed, projects, what the server found (cards, tasks, messages, files), then actions. Empty
 * groups are left out.
 */
export function buildPaletteGroups(content: PaletteContent): PaletteGroup[] {
  const matches = nameMatcher(content.query);
  const completions = content.completions.map<PaletteOption>((completion) => ({
    kind: 'completion',
    key: `completion-${completion.text}`,
    completion,
  }));
  const projects: PaletteOption[] = [];
  for (const project of content.projects) {
    const ranges = matches(project.name);
    if (ranges && projects.length < projectsShownMax)
      projects.push({ kind: 'project', key: `project-${project.id}`, project, ranges });
  }
  const actions: PaletteOption[] = [];
  for (const action of content.actions) {
    const ranges = matches(action.name);
    if (ranges) actions.push({ kind: 'action', key: `action-${action.name}`, action, ranges });
  }
  const found = searchResultTypes.flatMap((type) =>
    group(
      type,
      resultHeadings[type],
      content.results
        .filter((result) => result.type === type)
        .map((result) => ({ kind: 'result', key: `result-${result.type}-${result.id}`, result })),
    ),
  );
  return [
    ...group('suggestions', 'Suggestions', completions),
    ...group('projects', 'Projects', projects),
    ...found,
    ...group('actions', 'Actions', actions),
  ];
}

/** Every option in the order the arrow keys step through them. */
export function flattenGroups(groups: readonly PaletteGroup[]): PaletteOption[] {
  return groups.flatMap((entry) => entry.options);
}
