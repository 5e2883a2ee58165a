import type { Message } from '@deckhand/contract/messages';
import type { AppDeps } from '../../app-deps';
import { readCardTitle } from '../cards/queries/cards';
import { listChatFollowers } from '../chats/queries/followers';
import { notifyOncePerChat, notifyOrThrow } from '../notifications/commands/notify';
import { listMemberIds } from '../projects/queries/access';

/** The start of a message, as a notification shows it. */
const previewLength = 140;

function preview(message: Message): string {
  const flat = message.text.replace(/\s+/g, ' ').trim();
  if (flat === '') return attachedFiles(message.files.map((file) => file.name));
  return flat.length > previewLength ? `${flat.slice(0, previewLength - 1)}…` : flat;
}

/** What a message of files alone says in a notification: "Sent plan.png", "Sent plan.png and 2 more files". */
function attachedFiles(names: string[]): string {
  const [first = 'a file', ...rest] = names;
  if (rest.length === 0) return `Sent ${first}`;
  return `Sent ${first} and ${rest.length} more ${rest.length === 1 ? 'file' : 'files'}`;
}

/**
 * After a message has committed: a `mention` to each member it mentions, and a `chat_message` to the chat's other
 * followers who are still members (one unread per chat, kept current). Runs from the outbox: a throw leaves it to be
 * tried again.
 */
export async function notifyAboutMessage(deps: AppDeps, message: Message): Promise<void> {
  const cardTitle = await readCardTitle(deps.db, message.card_id);
  const author = { id: message.author.user_id ?? '', name: message.author.name };
  const about = { projectId: message.project_id, cardId: message.card_id, chatId: message.chat_id, author };
  // Still members: the others (gone since, or their account deleted) are not told, so a try again cannot fail on them.
  const members = new Set(await listMemberIds(deps.db, message.project_id));
  const mentioned = message.mentions.filter((id) => id !== author.id && members.has(id));
  for (const userId of mentioned) {
    await notifyOrThrow(deps, {
      ...about,
      userId,
      type: 'mention',
      title: `${author.name} mentioned you in ${cardTitle}`,
      message: preview(message),
    });
  }
  const followers = (await listChatFollowers(deps.db, message.chat_id)).filter(
    (id) => members.has(id) && id !== author.id && !mentioned.includes(id),
  );
  for (const userId of followers) {
    await notifyOncePerChat(deps, {
      ...about,
      userId,
      type: 'chat_message',
      title: `${author.name} wrote in ${cardTitle}`,
      message: preview(message),
    });
  }
}
