import sharp from 'sharp';
import * as Y from 'yjs';
import { callOk } from './api-call';
import { connectCollab } from './collab-client';
import type { Team } from './projects';
import type { TestApp } from './test-app';
import { uploadOk } from './uploads';

export interface SeededProject {
  cardId: string;
  archivedCardId: string;
  imageId: string;
  attachmentBytes: Buffer;
  imageBytes: Buffer;
}

/** Polls the card (the body is stored 1.5 s after its last change) until its excerpt shows `text`. */
async function storedBody(t: TestApp, team: Team, cardId: string, text: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const card = await callOk<{ excerpt: string }>(t, team.owner, 'GET', `/api/cards/${cardId}`);
    if (card.excerpt.includes(text)) return;
    if (Date.now() > deadline) throw new Error(`body not stored: ${card.excerpt}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A project with something of everything an export holds, made through the API and the collaboration server
 * as people would: custom columns, a body co-edited by two people with rich text and an image, an archived
 * card, two chats with mentions, reactions and an attachment, tasks with every field in a chosen board order.
 */
export async function seedProject(t: TestApp, team: Team): Promise<SeededProject> {
  const { owner, admin, member, projectId } = team;
  const statuses = await callOk<{ id: string; name: string }[]>(t, owner, 'GET', `/api/projects/${projectId}/statuses`);
  const [todo, doing, done] = statuses.map((status) => status.id) as [string, string, string];
  await callOk(t, owner, 'PATCH', `/api/statuses/${doing}`, { name: 'Doing', color: '#9333ea', wip_limit: 3 });
  const review = await callOk(t, owner, 'POST', `/api/projects/${projectId}/statuses`, {
    name: 'Review',
    color: '#0891b2',
    category: 'in_progress',
    wip_limit: 2,
  });

  const card = await callOk(t, member, 'POST', `/api/projects/${projectId}/cards`, { title: 'Launch plan' });
  const imageBytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  const image = await uploadOk(t, member, projectId, { name: 'diagram.png', bytes: imageBytes, cardId: card.id });

  // Two people write the body at once.
  const a = await connectCollab(t.url, card.id, member.token);
  const b = await connectCollab(t.url, card.id, admin.token);
  a.doc.transact(() => {
    const fragment = a.doc.getXmlFragment('default');
    const heading = new Y.XmlElement('heading');
    heading.setAttribute('level', '2');
    heading.insert(0, [new Y.XmlText('Goals')]);
    const paragraph = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    text.insert(0, 'Ship it ');
    text.insert(8, 'boldly', { bold: {} });
    paragraph.insert(0, [text]);
    const picture = new Y.XmlElement('fileImage');
    picture.setAttribute('fileId', image.id);
    picture.setAttribute('alt', 'diagram.png');
    fragment.insert(0, [heading, paragraph, picture]);
  });
  // The second editor writes once the first one's blocks have reached it.
  await new Promise<void>((resolve) => {
    const fragment = b.doc.getXmlFragment('default');
    const check = () => {
      if (fragment.length < 3) return;
      b.doc.off('update', check);
      resolve();
    };
    b.doc.on('update', check);
    check();
  });
  b.doc.transact(() => {
    const fragment = b.doc.getXmlFragment('default');
    const list = new Y.XmlElement('taskList');
    const item = new Y.XmlElement('taskItem');
    item.setAttribute('checked', 'true' as unknown as string);
    const inner = new Y.XmlElement('paragraph');
    inner.insert(0, [new Y.XmlText('Write the release notes')]);
    item.insert(0, [inner]);
    list.insert(0, [item]);
    fragment.insert(fragment.length, [list]);
  });
  await storedBody(t, team, card.id, 'Write the release notes');
  a.close();
  b.close();

  const archived = await callOk(t, owner, 'POST', `/api/projects/${projectId}/cards`, { title: 'Old ideas' });
  await callOk(t, owner, 'PATCH', `/api/cards/${archived.id}`, { archived: true });

  const chats = await callOk<{ id: string; name: string }[]>(t, member, 'GET', `/api/cards/${card.id}/chats`);
  const general = chats[0]?.id as string;
  const design = await callOk(t, admin, 'POST', `/api/cards/${card.id}/chats`, { name: 'Design' });
  const first = await callOk(t, member, 'POST', `/api/chats/${general}/messages`, {
    text: `@Adam Admin can you look?`,
    mentions: [admin.id],
  });
  await callOk(t, admin, 'PUT', `/api/messages/${first.id}/reactions/${encodeURIComponent('👍')}`);
  await callOk(t, owner, 'PUT', `/api/messages/${first.id}/reactions/${encodeURIComponent('🎉')}`);
  await callOk(t, member, 'PUT', `/api/messages/${first.id}/reactions/${encodeURIComponent('👍')}`);
  await callOk(t, admin, 'POST', `/api/chats/${general}/messages`, { text: 'On it.' });
  const attachmentBytes = Buffer.from('name,score\nada,3\n');
  const attachment = await uploadOk(t, admin, projectId, {
    name: 'scores.csv',
    bytes: attachmentBytes,
    cardId: card.id,
  });
  const withFile = await callOk(t, admin, 'POST', `/api/chats/${design.id}/messages`, {
    text: 'Numbers attached',
    file_ids: [attachment.id],
  });
  await callOk(t, admin, 'PATCH', `/api/messages/${withFile.id}`, { text: 'Numbers attached (edited)' });

  const due = '2030-05-01T09:00:00.000Z';
  const t1 = await callOk(t, member, 'POST', `/api/cards/${card.id}/tasks`, {
    title: 'Draft the announcement',
    status_id: todo,
    assignee_ids: [member.id, admin.id],
    due_at: due,
    priority: 'high',
    labels: ['writing', 'launch'],
  });
  const t2 = await callOk(t, member, 'POST', `/api/cards/${card.id}/tasks`, {
    title: 'Book the room',
    status_id: todo,
  });
  const t3 = await callOk(t, member, 'POST', `/api/cards/${card.id}/tasks`, { title: 'Pick a date', status_id: todo });
  // Board order in To do: Pick a date, Draft the announcement, Book the room.
  await callOk(t, member, 'POST', `/api/tasks/${t3.id}/move`, { status_id: todo, before_id: t1.id });
  await callOk(t, member, 'POST', `/api/cards/${card.id}/tasks`, {
    title: 'Review the copy',
    status_id: review.id,
    priority: 'urgent',
  });
  await callOk(t, member, 'POST', `/api/tasks/${t2.id}/move`, { status_id: done });
  await callOk(t, member, 'POST', `/api/cards/${archived.id}/tasks`, { title: 'Think again', status_id: doing });
  return { cardId: card.id, archivedCardId: archived.id, imageId: image.id, attachmentBytes, imageBytes };
}
