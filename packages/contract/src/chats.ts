import { z } from 'zod';
import { Author } from './cards';

export const chatLimits = { nameMaxLength: 80 } as const;

export const ChatParams = z.object({ chatId: z.uuid() });
export type ChatParams = z.infer<typeof ChatParams>;

const ChatName = z
  .string()
  .trim()
  .min(1, 'Name must not be empty')
  .max(chatLimits.nameMaxLength, `Name must be at most ${chatLimits.nameMaxLength} characters`);

export const CreateChatInput = z.object({ name: ChatName });
export type CreateChatInput = z.infer<typeof CreateChatInput>;
export const UpdateChatInput = z.object({ name: ChatName });
export type UpdateChatInput = z.infer<typeof UpdateChatInput>;

export const ChatAbilities = z.object({ edit: z.boolean(), delete: z.boolean() });
export type ChatAbilities = z.infer<typeof ChatAbilities>;

export const Chat = z.object({
  id: z.uuid(),
  card_id: z.uuid(),
  project_id: z.uuid(),
  name: z.string(),
  created_by: Author,
  message_count: z.number().int(),
  /** Messages by others that the caller has not read. */
  unread_count: z.number().int(),
  last_message_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  abilities: ChatAbilities,
});
export type Chat = z.infer<typeof Chat>;
