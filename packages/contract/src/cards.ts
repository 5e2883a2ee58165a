import { z } from 'zod';

export const cardLimits = {
  titleMaxLength: 200,
  /** Characters of the body's plain text shown in lists. */
  excerptLength: 200,
  pageDefault: 50,
  pageMax: 200,
  queryMaxLength: 200,
} as const;

/** The chat every new card starts with. */
export const firstChatName = 'General';

export const CardParams = z.object({ cardId: z.uuid() });
export type CardParams = z.infer<typeof CardParams>;

const CardTitle = z
  .string()
  .trim()
  .min(1, 'Title must not be empty')
  .max(cardLimits.titleMaxLength, `Title must be at most ${cardLimits.titleMaxLength} characters`);

export const CreateCardInput = z.object({ title: CardTitle });
export type CreateCardInput = z.infer<typeof CreateCardInput>;

export const UpdateCardInput = z
  .object({ title: CardTitle.optional(), archived: z.boolean().optional() })
  .refine(
    (input) => input.title !== undefined || input.archived !== undefined,
    'Nothing to change: give title or archived',
  );
export type UpdateCardInput = z.infer<typeof UpdateCardInput>;

const QueryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

export const CardListQuery = z.object({
  /** Words of the title and the body; the last one matches as a prefix (results as you type). */
  q: z.string().trim().max(cardLimits.queryMaxLength).optional(),
  archived: QueryBoolean.default(false),
  limit: z.coerce.number().int().min(1).max(cardLimits.pageMax).default(cardLimits.pageDefault),
  /** `next_cursor` of the previous page. */
  cursor: z.string().min(1).max(500).optional(),
});
export type CardListQuery = z.infer<typeof CardListQuery>;

/** Who made something; `user_id` is null once their account is gone. */
export const Author = z.object({ user_id: z.uuid().nullable(), name: z.string() });
export type Author = z.infer<typeof Author>;

export const CardAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });
export type CardAbilities = z.infer<typeof CardAbilities>;

export const Card = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  title: z.string(),
  /** The first characters of the body's plain text. */
  excerpt: z.string(),
  archived: z.boolean(),
  chat_count: z.number().int(),
  created_by: Author,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  abilities: CardAbilities,
});
export type Card = z.infer<typeof Card>;

export const CardList = z.object({ items: z.array(Card), next_cursor: z.string().nullable() });
export type CardList = z.infer<typeof CardList>;
