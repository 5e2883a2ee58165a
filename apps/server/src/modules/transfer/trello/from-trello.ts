import { cardLimits, firstChatName } from '@deckhand/contract/cards';
import { projectLimits } from '@deckhand/contract/projects';
import type {
  ExportCard,
  ExportChat,
  ExportMember,
  ExportMessage,
  ExportProject,
  ExportStatus,
  ExportTask,
} from '@deckhand/contract/transfer';
import { uuidv7 } from '../../../platform/ids';
import { bodyMarkdownFromJson, bodyStateFromJson } from '../bodies/body-convert';
import type { TrelloBoard, TrelloCard } from './trello-board';
import { trelloCardBody } from './trello-card-body';
import { type CommentTarget, messagesFromComments } from './trello-comments';
import { createTrelloPeople } from './trello-people';
import { statusesFromLists } from './trello-statuses';
import { type TrelloTaskInput, trelloTask } from './trello-task';
import { cutText, isoOrNull, plural, quoted } from './trello-text';

export interface TrelloImporter {
  user_id: string;
  name: string;
  email: string;
}

export interface TrelloConversion {
  project: ExportProject;
  members: ExportMember[];
  statuses: ExportStatus[];
  cards: ExportCard[];
  chats: ExportChat[];
  messages: ExportMessage[];
  tasks: ExportTask[];
  warnings: string[];
}

type TrelloChecklist = TrelloBoard['checklists'][number];

type CardContext = Omit<TrelloTaskInput, 'card' | 'cardId' | 'title' | 'status' | 'at'> & {
  checklistsByCard: Map<string, TrelloChecklist[]>;
  now: string;
};

function projectName(board: TrelloBoard, fileName: string): string {
  const fromFile = fileName.replace(/\.[^.]*$/, '').trim();
  return cutText(board.name.trim() || fromFile || 'Trello board', projectLimits.nameMaxLength).trim();
}

function attachmentWarnings(card: TrelloCard, title: string): string[] {
  const names = card.attachments.filter((a) => a.url !== '').map((a) => quoted(a.name.trim() || a.url));
  if (names.length === 0) return [];
  // Trello serves uploaded files only to its signed-in members, so the server cannot fetch them.
  return [
    `Card ${quoted(title)} has ${plural(names.length, 'attachment')} in Trello (${names.join(', ')}): its body ` +
      'links to them rather than copying them, and files uploaded to Trello open only with a Trello login.',
  ];
}

/** One Trello card as a card, its General chat and its task. */
function convertCard(context: CardContext, card: TrelloCard, status: ExportStatus) {
  const { person } = context;
  const title = cutText(card.name.trim(), cardLimits.titleMaxLength).trim() || 'Untitled';
  const at = isoOrNull(card.dateLastActivity) ?? context.now;
  const doc = trelloCardBody(card, context.checklistsByCard.get(card.id) ?? []);
  const state = doc.content?.length ? bodyStateFromJson(doc) : null;
  const record: ExportCard = {
    id: uuidv7(),
    title,
    archived: card.closed,
    created_by: person,
    created_at: at,
    updated_at: at,
    body_yjs: state ? Buffer.from(state).toString('base64') : null,
    body_markdown: state ? bodyMarkdownFromJson(doc) : '',
  };
  const chat: ExportChat = {
    id: uuidv7(),
    card_id: record.id,
    name: firstChatName,
    created_by: person,
    created_at: at,
    last_message_at: null,
  };
  const task = trelloTask({ ...context, card, cardId: record.id, title, status, at });
  return { card: record, chat, task: task.task, warnings: [...attachmentWarnings(card, title), ...task.warnings] };
}

function checklistsByCard(checklists: TrelloChecklist[]): Map<string, TrelloChecklist[]> {
  const byCard = new Map<string, TrelloChecklist[]>();
  for (const checklist of checklists) {
    const ofCard = byCard.get(checklist.idCard);
    if (ofCard) ofCard.push(checklist);
    else byCard.set(checklist.idCard, [checklist]);
  }
  return byCard;
}

/** Trello's "due date complete" does not make a task done here (see trelloTask); say how many that leaves open. */
function completeButOpenWarnings(placed: { card: TrelloCard; status: ExportStatus }[]): string[] {
  const count = placed.filter(({ card, status }) => card.dueComplete && status.category !== 'done').length;
  if (count === 0) return [];
  const have = count === 1 ? 'has its task' : 'have their tasks';
  return [`${plural(count, 'card')} marked complete in Trello but not in a done list ${have} still open.`];
}

/**
 * Converts a Trello board (read with parseTrelloBoard) into the records of a new project whose only member is
 * `importer`, all with fresh ids, cards and tasks in board order. What could not come across as it was is said
 * in `warnings`, for the person importing.
 */
export function fromTrello(board: TrelloBoard, importer: TrelloImporter, fileName: string): TrelloConversion {
  // 200: what the export's Person takes as a name.
  const person = { user_id: importer.user_id, name: cutText(importer.name, 200) };
  const context: CardContext = {
    checklistsByCard: checklistsByCard(board.checklists),
    now: new Date().toISOString(),
    person,
    people: createTrelloPeople(board, importer.name),
    labelsById: new Map(board.labels.map((label) => [label.id, label])),
  };
  const { statuses, first, statusOfList, warnings } = statusesFromLists(board);
  const order = new Map(statuses.map((status, index) => [status.id, index]));
  const placed = board.cards
    .map((card) => ({ card, status: statusOfList.get(card.idList) ?? first }))
    .sort((a, b) => (order.get(a.status.id) ?? 0) - (order.get(b.status.id) ?? 0) || a.card.pos - b.card.pos);

  const listIds = new Set(board.lists.map((list) => list.id));
  const converted = placed.map(({ card, status }) => {
    const result = convertCard(context, card, status);
    if (!listIds.has(card.idList)) {
      result.warnings.unshift(
        `Card ${quoted(result.card.title)} is in no list of the board; it is in ${quoted(first.name)}.`,
      );
    }
    warnings.push(...result.warnings);
    return { trelloId: card.id, ...result };
  });

  const targets = new Map<string, CommentTarget>(
    converted.map(({ trelloId, card, chat }) => [trelloId, { cardId: card.id, chatId: chat.id }]),
  );
  const comments = messagesFromComments(board, targets, context.people, person);
  const lastMessageAt = new Map(comments.messages.map((message) => [message.chat_id, message.created_at]));
  warnings.push(...completeButOpenWarnings(placed));

  return {
    project: {
      id: uuidv7(),
      name: projectName(board, fileName),
      description: cutText(board.desc.trim(), projectLimits.descriptionMaxLength),
      created_at: context.now,
      updated_at: context.now,
    },
    members: [{ user_id: importer.user_id, name: person.name, email: importer.email, role: 'owner' }],
    statuses,
    cards: converted.map((result) => result.card),
    chats: converted.map(({ chat }) => ({ ...chat, last_message_at: lastMessageAt.get(chat.id) ?? null })),
    messages: comments.messages,
    tasks: converted.map((result) => result.task),
    warnings: [...warnings, ...comments.warnings, ...context.people.warnings()],
  };
}
