import { type StatusCategory, statusLimits } from '@deckhand/contract/statuses';
import type { ExportStatus } from '@deckhand/contract/transfer';
import { uuidv7 } from '../../../platform/ids';
import type { TrelloBoard } from './trello-board';
import { cutText, plural, quoted } from './trello-text';

/** Status colours, one per list in board order, starting over after the last. */
const palette = ['#64748b', '#2563eb', '#7c3aed', '#db2777', '#ea580c', '#ca8a04', '#0d9488', '#16a34a'] as const;

// Trello lists have no meaning beyond their names, so a name is the only hint: a last list named like Done holds
// finished work, and lists named like Doing hold work under way. Everything else is still to do.
const donePattern = /\b(done|complete|completed|finished)\b/i;
const inProgressPattern = /\b(doing|in[\s-]?progress|review|reviewing|wip)\b/i;

function categoryOf(name: string, isLast: boolean): StatusCategory {
  if (isLast && donePattern.test(name)) return 'done';
  return inProgressPattern.test(name) ? 'in_progress' : 'todo';
}

/** `name`, or `name 2`, `name 3`…: the first not taken yet, ignoring case, within the length limit. */
function uniqueName(name: string, taken: Set<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '' : ` ${n}`;
    const candidate = `${cutText(name, statusLimits.nameMaxLength - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

export interface TrelloStatuses {
  /** In board order. */
  statuses: ExportStatus[];
  /** Where cards of lists that are not statuses go. */
  first: ExportStatus;
  /** The status of each imported list, by Trello list id; cards of any other list go to the first status. */
  statusOfList: Map<string, ExportStatus>;
  warnings: string[];
}

/** The board's open lists as statuses, in board order. */
export function statusesFromLists(board: TrelloBoard): TrelloStatuses {
  const open = board.lists.filter((list) => !list.closed).sort((a, b) => a.pos - b.pos);
  const kept = open.slice(0, statusLimits.perProjectMax);
  const taken = new Set<string>();
  const statuses = kept.map(
    (list, index): ExportStatus => ({
      id: uuidv7(),
      name: uniqueName(list.name.trim() || 'Untitled list', taken),
      color: palette[index % palette.length] ?? palette[0],
      category: categoryOf(list.name, index === kept.length - 1),
      wip_limit: null,
    }),
  );
  const [first] = statuses;
  if (!first) {
    const toDo: ExportStatus = { id: uuidv7(), name: 'To do', color: palette[0], category: 'todo', wip_limit: null };
    return { statuses: [toDo], first: toDo, statusOfList: new Map(), warnings: leftOutWarnings(board, open, toDo) };
  }
  const statusOfList = new Map(kept.map((list, index) => [list.id, statuses[index] ?? first]));
  return { statuses, first, statusOfList, warnings: leftOutWarnings(board, open, first) };
}

function openCardsIn(board: TrelloBoard, listIds: Set<string>): number {
  return board.cards.filter((card) => !card.closed && listIds.has(card.idList)).length;
}

/** What became of the lists that are not statuses: archived ones, and open ones past the limit. */
function leftOutWarnings(board: TrelloBoard, open: TrelloBoard['lists'], first: ExportStatus): string[] {
  const warnings = board.lists
    .filter((list) => list.closed)
    .map((list) => {
      const cards = openCardsIn(board, new Set([list.id]));
      const moved =
        cards === 0 ? '' : ` Its ${plural(cards, 'open card')} ${cards === 1 ? 'is' : 'are'} in ${quoted(first.name)}.`;
      return `List ${quoted(list.name.trim() || 'Untitled list')} is archived in Trello and was not imported.${moved}`;
    });
  const over = open.slice(statusLimits.perProjectMax);
  if (over.length > 0) {
    const cards = openCardsIn(board, new Set(over.map((list) => list.id)));
    warnings.push(
      `A project has at most ${statusLimits.perProjectMax} statuses, so only the first ${statusLimits.perProjectMax} ` +
        `lists were imported; the ${plural(cards, 'open card')} of the other ${over.length} are in ${quoted(first.name)}.`,
    );
  }
  return warnings;
}
