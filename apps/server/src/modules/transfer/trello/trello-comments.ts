import { messageLimits } from '@deckhand/contract/messages';
import type { ExportMessage } from '@deckhand/contract/transfer';
import { uuidv7 } from '../../../platform/ids';
import type { TrelloBoard } from './trello-board';
import type { TrelloPeople } from './trello-people';
import { formatCommentDate, isoOrNull, plural, shortenText } from './trello-text';

/** Where a Trello card's comments go: the General chat of the card made from it. */
export interface CommentTarget {
  cardId: string;
  chatId: string;
}

type Author = ExportMessage['author'];

/**
 * The board's comments as messages, oldest first. Every message needs an account as its author, and the importer
 * is the only one a new project has: so all are theirs, and a comment by anyone else starts with that person's
 * name. Each keeps Trello's date in its text too, since a message's own time reads as when it was posted here.
 */
export function messagesFromComments(
  board: TrelloBoard,
  targets: Map<string, CommentTarget>,
  people: TrelloPeople,
  author: Author,
): { messages: ExportMessage[]; warnings: string[] } {
  let skipped = 0;
  let shortened = 0;
  const comments = board.actions
    .filter((action) => action.type === 'commentCard')
    .map((action) => ({ action, createdAt: isoOrNull(action.date) }))
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''));
  const messages: ExportMessage[] = [];
  for (const { action, createdAt } of comments) {
    const target = targets.get(action.data.card?.id ?? '');
    if (!target || createdAt === null) {
      skipped += 1;
      continue;
    }
    const text = action.data.text ?? '';
    const date = formatCommentDate(createdAt);
    const fullName = action.memberCreator?.fullName;
    let full = `${text}\n\n— ${date}`;
    if (!people.isImporter(action.idMemberCreator, fullName)) {
      const name = people.nameOf(action.idMemberCreator, fullName);
      people.noteComment(action.idMemberCreator, name);
      full = `Originally by ${name}, ${date}\n\n${text}`;
    }
    if (full.length > messageLimits.textMaxLength) shortened += 1;
    messages.push({
      id: uuidv7(),
      chat_id: target.chatId,
      card_id: target.cardId,
      author,
      text: shortenText(full, messageLimits.textMaxLength),
      mentions: [],
      reactions: [],
      file_ids: [],
      created_at: createdAt,
      edited_at: null,
    });
  }
  const warnings: string[] = [];
  if (skipped > 0) {
    const were = skipped === 1 ? 'was' : 'were';
    warnings.push(
      `${plural(skipped, 'comment')} on cards that are not in the file, or without a date, ${were} skipped.`,
    );
  }
  if (shortened > 0) {
    warnings.push(
      `${plural(shortened, 'comment')} longer than ${messageLimits.textMaxLength.toLocaleString('en')} characters ` +
        `${shortened === 1 ? 'was' : 'were'} cut to fit.`,
    );
  }
  return { messages, warnings };
}
