import { type SearchResult, taskLabelsSeparator } from '@deckhand/contract/search';
import type { SearchTerm } from '@deckhand/contract/search-query';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cards, chats } from '../../../db/schema/cards';
import { files } from '../../../db/schema/files';
import { messages } from '../../../db/schema/messages';
import { projects } from '../../../db/schema/projects';
import { tasks } from '../../../db/schema/tasks';
import { highlightTermsOf, snippetOf } from '../snippet';
import type { FoundRow } from './search';

function idsOf(rows: FoundRow[], type?: FoundRow['type']): string[] {
  return [...new Set(rows.filter((row) => !type || row.type === type).map((row) => row.id))];
}

/** Reads in one query each what a page of entries shows: names, titles and the text its snippet comes from. */
async function readPage(db: Db, rows: FoundRow[]) {
  const cardIds = [...new Set(rows.map((row) => row.card_id))];
  const cardResults = idsOf(rows, 'card');
  const taskIds = idsOf(rows, 'task');
  const messageIds = idsOf(rows, 'message');
  const fileIds = idsOf(rows, 'file');
  const none = async () => [];
  const [projectRows, cardRows, taskRows, messageRows, fileRows] = await Promise.all([
    db
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(inArray(projects.id, [...new Set(rows.map((row) => row.project_id))])),
    db
      .select({
        id: cards.id,
        title: cards.title,
        // A body is read only for a card found itself: the others show their own text.
        bodyText: sql<string>`case when ${cards.id} = any(${sql.param(cardResults)}::uuid[]) then ${cards.bodyText} else '' end`,
      })
      .from(cards)
      .where(inArray(cards.id, cardIds)),
    taskIds.length === 0
      ? none()
      : db
          .select({ id: tasks.id, title: tasks.title, labels: tasks.labels })
          .from(tasks)
          .where(inArray(tasks.id, taskIds)),
    messageIds.length === 0
      ? none()
      : db
          .select({ id: messages.id, authorName: messages.authorName, text: messages.text, chatName: chats.name })
          .from(messages)
          .innerJoin(chats, eq(chats.id, messages.chatId))
          .where(inArray(messages.id, messageIds)),
    fileIds.length === 0
      ? none()
      : db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, fileIds)),
  ]);
  return {
    project: new Map(projectRows.map((row) => [row.id, row.name])),
    card: new Map(cardRows.map((row) => [row.id, row])),
    task: new Map(taskRows.map((row) => [row.id, row])),
    message: new Map(messageRows.map((row) => [row.id, row])),
    file: new Map(fileRows.map((row) => [row.id, row])),
  };
}

/**
 * The results of a page of entries, in its order. An entry whose thing went between the search and this read is
 * left out (its row is gone with it a moment later).
 */
export async function resultsOf(db: Db, rows: FoundRow[], terms: SearchTerm[]): Promise<SearchResult[]> {
  if (rows.length === 0) return [];
  const page = await readPage(db, rows);
  const marks = highlightTermsOf(terms);
  const results: SearchResult[] = [];
  for (const row of rows) {
    const projectName = page.project.get(row.project_id);
    const card = page.card.get(row.card_id);
    if (projectName === undefined || !card) continue;
    const base = {
      id: row.id,
      project_id: row.project_id,
      project_name: projectName,
      card_id: row.card_id,
      card_title: card.title,
      chat_id: row.chat_id,
      updated_at: new Date(row.updated_at).toISOString(),
    };
    const cardPath = `/${row.project_id}/cards/${row.card_id}`;
    switch (row.type) {
      case 'card':
        results.push({ ...base, type: 'card', title: card.title, url: cardPath, ...snippetOf(card.bodyText, marks) });
        break;
      case 'task': {
        const task = page.task.get(row.id);
        if (!task) break;
        const text =
          task.labels.length > 0 ? `${task.title}${taskLabelsSeparator}${task.labels.join(', ')}` : task.title;
        results.push({
          ...base,
          type: 'task',
          title: task.title,
          url: `/${row.project_id}/kanban?task=${row.id}`,
          ...snippetOf(text, marks),
        });
        break;
      }
      case 'message': {
        const message = page.message.get(row.id);
        if (!message) break;
        results.push({
          ...base,
          type: 'message',
          title: `${message.authorName} in ${message.chatName}`,
          url: `${cardPath}/chats/${row.chat_id}?message=${row.id}`,
          ...snippetOf(message.text, marks),
        });
        break;
      }
      case 'file': {
        const file = page.file.get(row.id);
        if (!file) break;
        results.push({
          ...base,
          type: 'file',
          title: file.name,
          url: `${cardPath}?file=${row.id}`,
          ...snippetOf(file.name, marks),
        });
        break;
      }
    }
  }
  return results;
}
