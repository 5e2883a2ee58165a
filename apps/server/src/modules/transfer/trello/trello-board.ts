import { z } from 'zod';

/**
 * The part of a Trello board's JSON export (Menu → Print, export and share → Export as JSON) that an import
 * reads. Trello's export carries far more, and its fields come and go: unknown fields are dropped (zod's default
 * for objects), and everything but the ids that tie records together has a default.
 */
const TrelloList = z.object({
  id: z.string(),
  name: z.string().default(''),
  closed: z.boolean().default(false),
  pos: z.number().default(0),
});

const TrelloAttachment = z.object({
  name: z.string().default(''),
  url: z.string().default(''),
});

const TrelloCard = z.object({
  id: z.string(),
  name: z.string().default(''),
  desc: z.string().default(''),
  closed: z.boolean().default(false),
  idList: z.string().default(''),
  pos: z.number().default(0),
  due: z.string().nullable().default(null),
  dueComplete: z.boolean().default(false),
  idLabels: z.array(z.string()).default([]),
  idMembers: z.array(z.string()).default([]),
  idChecklists: z.array(z.string()).default([]),
  attachments: z.array(TrelloAttachment).default([]),
  dateLastActivity: z.string().nullable().default(null),
});

const TrelloLabel = z.object({
  id: z.string(),
  name: z.string().nullable().default(''),
  color: z.string().nullable().default(null),
});

const TrelloCheckItem = z.object({
  name: z.string().default(''),
  state: z.enum(['complete', 'incomplete']).catch('incomplete'),
  pos: z.number().default(0),
});

const TrelloChecklist = z.object({
  id: z.string(),
  idCard: z.string(),
  name: z.string().default(''),
  pos: z.number().default(0),
  checkItems: z.array(TrelloCheckItem).default([]),
});

const TrelloAction = z.object({
  id: z.string(),
  type: z.string(),
  date: z.string(),
  idMemberCreator: z.string().nullable().default(null),
  data: z
    .object({
      text: z.string().optional(),
      card: z.object({ id: z.string() }).optional(),
    })
    .default({}),
  memberCreator: z.object({ fullName: z.string().nullable().default(null) }).optional(),
});

const TrelloMember = z.object({
  id: z.string(),
  fullName: z.string().nullable().default(null),
  username: z.string().nullable().default(null),
});

export const TrelloBoard = z.object({
  name: z.string().default(''),
  desc: z.string().default(''),
  lists: z.array(TrelloList),
  cards: z.array(TrelloCard),
  labels: z.array(TrelloLabel).default([]),
  checklists: z.array(TrelloChecklist).default([]),
  actions: z.array(TrelloAction).default([]),
  members: z.array(TrelloMember).default([]),
});
export type TrelloBoard = z.infer<typeof TrelloBoard>;
export type TrelloCard = z.infer<typeof TrelloCard>;
export type TrelloMember = z.infer<typeof TrelloMember>;

/** A file that cannot be read as a Trello board: the import fails with this message, shown to the person. */
export class TrelloRefusal extends Error {
  override readonly name = 'TrelloRefusal';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A cheap first look, to tell a Trello board from other JSON before reading it whole. */
export function looksLikeTrelloBoard(value: unknown): boolean {
  return isRecord(value) && typeof value.name === 'string' && Array.isArray(value.lists) && Array.isArray(value.cards);
}

/**
 * Reads a Trello board export.
 * @throws TrelloRefusal when it is not one, or a record lacks what ties it to the rest (an id)
 */
export function parseTrelloBoard(value: unknown): TrelloBoard {
  if (!isRecord(value) || !Array.isArray(value.lists) || !Array.isArray(value.cards)) {
    throw new TrelloRefusal('This file is not a Trello board export: it has no lists and cards.');
  }
  const result = TrelloBoard.safeParse(value);
  if (result.success) return result.data;
  // The first problem names the record (`cards.12.id`); a broken file usually repeats it, so one is enough.
  const [first] = result.error.issues;
  const where = first && first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
  const message = `This Trello board export could not be read${where}: ${first?.message ?? 'unknown problem'}.`;
  throw new TrelloRefusal(message, { cause: result.error });
}
