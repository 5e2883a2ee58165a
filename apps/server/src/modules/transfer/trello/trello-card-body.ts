import type { JSONContent } from '@tiptap/core';
import { bodyJsonFromMarkdown } from '../bodies/body-convert';
import type { TrelloBoard, TrelloCard } from './trello-board';

type TrelloChecklist = TrelloBoard['checklists'][number];

function byPos<T extends { pos: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.pos - b.pos);
}

function paragraph(text: string, marks?: JSONContent['marks']): JSONContent {
  if (text === '') return { type: 'paragraph' };
  return { type: 'paragraph', content: [marks ? { type: 'text', text, marks } : { type: 'text', text }] };
}

function heading(text: string): JSONContent {
  return { type: 'heading', attrs: { level: 3 }, content: [{ type: 'text', text }] };
}

function checklistBlocks(checklist: TrelloChecklist): JSONContent[] {
  const items = byPos(checklist.checkItems).map(
    (item): JSONContent => ({
      type: 'taskItem',
      attrs: { checked: item.state === 'complete' },
      content: [paragraph(item.name.trim())],
    }),
  );
  const title = heading(checklist.name.trim() || 'Checklist');
  // A task list needs at least one item: an empty checklist is just its heading.
  return items.length === 0 ? [title] : [title, { type: 'taskList', content: items }];
}

function attachmentBlocks(attachments: TrelloCard['attachments']): JSONContent[] {
  const linked = attachments.filter((attachment) => attachment.url !== '');
  if (linked.length === 0) return [];
  const items = linked.map(
    (attachment): JSONContent => ({
      type: 'listItem',
      content: [
        paragraph(attachment.name.trim() || attachment.url, [{ type: 'link', attrs: { href: attachment.url } }]),
      ],
    }),
  );
  return [heading('Attachments'), { type: 'bulletList', content: items }];
}

/**
 * A card's body: its description (Trello writes Markdown), then each checklist as a heading and a task list,
 * then links to its attachments. Empty when the card has none of these.
 */
export function trelloCardBody(card: TrelloCard, checklists: readonly TrelloChecklist[]): JSONContent {
  const description = card.desc.trim() === '' ? [] : (bodyJsonFromMarkdown(card.desc).content ?? []);
  return {
    type: 'doc',
    content: [...description, ...byPos(checklists).flatMap(checklistBlocks), ...attachmentBlocks(card.attachments)],
  };
}
