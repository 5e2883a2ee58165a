import { taskLimits } from '@deckhand/contract/tasks';
import type { ExportStatus, ExportTask } from '@deckhand/contract/transfer';
import { uuidv7 } from '../../../platform/ids';
import type { TrelloBoard, TrelloCard } from './trello-board';
import type { TrelloPeople } from './trello-people';
import { cutText, isoOrNull, quoted } from './trello-text';

type TrelloLabel = TrelloBoard['labels'][number];

/** What tasks accept as a due date (the contract's DueAt): Trello allows dates no database column does. */
const dueYears = { min: 1970, max: 9999 };

/** A label's name, or its colour when it has none ("green_dark" → "green dark"); null when it has neither. */
function labelText(label: TrelloLabel): string | null {
  const text = label.name?.trim() || label.color?.replaceAll('_', ' ').trim() || '';
  return text === '' ? null : cutText(text, taskLimits.labelMaxLength).trim();
}

/** The card's labels, once each (ignoring case), and whether there were more than a task takes. */
function labelsOf(card: TrelloCard, labelsById: Map<string, TrelloLabel>): { labels: string[]; dropped: number } {
  const byKey = new Map<string, string>();
  for (const id of card.idLabels) {
    const label = labelsById.get(id);
    const text = label ? labelText(label) : null;
    if (text && !byKey.has(text.toLowerCase())) byKey.set(text.toLowerCase(), text);
  }
  const labels = [...byKey.values()];
  return { labels: labels.slice(0, taskLimits.labelsMax), dropped: Math.max(0, labels.length - taskLimits.labelsMax) };
}

function dueOf(card: TrelloCard): string | null {
  const due = isoOrNull(card.due);
  if (due === null) return null;
  const year = new Date(due).getUTCFullYear();
  return year >= dueYears.min && year <= dueYears.max ? due : null;
}

export interface TrelloTaskInput {
  card: TrelloCard;
  cardId: string;
  title: string;
  status: ExportStatus;
  /** The card's time, Trello's last activity on it. */
  at: string;
  /** The importer, who is the author of everything and the only possible assignee. */
  person: { user_id: string; name: string };
  people: TrelloPeople;
  labelsById: Map<string, TrelloLabel>;
}

/**
 * The card's task, in its list's status. A task is done when its status is a done status, as everywhere in the
 * app; Trello's "due date complete" moves nothing (the card stays in the list it was put in) and is reported by
 * the caller. `position` is left empty: the importer orders tasks by their place in the array.
 */
export function trelloTask(input: TrelloTaskInput): { task: ExportTask; warnings: string[] } {
  const { card, title, person, people } = input;
  const warnings: string[] = [];
  const { labels, dropped } = labelsOf(card, input.labelsById);
  if (dropped > 0) {
    warnings.push(
      `Card ${quoted(title)} has ${labels.length + dropped} labels; its task keeps the first ${taskLimits.labelsMax}.`,
    );
  }
  const due = dueOf(card);
  if (card.due && due === null) {
    warnings.push(`Card ${quoted(title)} has a due date that could not be read (${card.due}); its task has none.`);
  }
  let assigned = false;
  for (const memberId of new Set(card.idMembers)) {
    if (people.isImporter(memberId)) assigned = true;
    else people.noteAssignment(memberId);
  }
  return {
    task: {
      id: uuidv7(),
      card_id: input.cardId,
      status_id: input.status.id,
      title: cutText(title, taskLimits.titleMaxLength).trim(),
      position: '',
      assignee_ids: assigned ? [person.user_id] : [],
      due_at: due,
      priority: 'none',
      labels,
      done_at: input.status.category === 'done' ? input.at : null,
      created_by: person,
      created_at: input.at,
      updated_at: input.at,
    },
    warnings,
  };
}
