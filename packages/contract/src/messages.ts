import { z } from 'zod';
import { fileLimits, StoredFile } from './files';

export const messageLimits = { textMaxLength: 10_000, pageDefault: 50, pageMax: 100, mentionsMax: 50 } as const;

export const MessageParams = z.object({ messageId: z.uuid() });
export type MessageParams = z.infer<typeof MessageParams>;

/** One emoji as the user sees it (a single grapheme that is pictographic, or a flag). */
export function isSingleEmoji(value: string): boolean {
  if (value.length === 0 || value.length > 32) return false;
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(value)];
  return graphemes.length === 1 && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value);
}

export const ReactionParams = z.object({
  messageId: z.uuid(),
  emoji: z.string().refine(isSingleEmoji, 'emoji: must be exactly one emoji'),
});
export type ReactionParams = z.infer<typeof ReactionParams>;

export const MessageListQuery = z.object({
  /** A message id: the page holds the newest messages before it (none: the latest). */
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(messageLimits.pageMax).default(messageLimits.pageDefault),
});
export type MessageListQuery = z.infer<typeof MessageListQuery>;

const MessageText = z
  .string()
  .trim()
  .min(1, 'Text must not be empty')
  .max(messageLimits.textMaxLength, `Text must be at most ${messageLimits.textMaxLength} characters`);

export const CreateMessageInput = z
  .object({
    /** May be empty when the message carries files. */
    text: z
      .string()
      .trim()
      .max(messageLimits.textMaxLength, `Text must be at most ${messageLimits.textMaxLength} characters`)
      .default(''),
    /** Members to notify; anyone else is dropped. */
    mentions: z.array(z.uuid()).max(messageLimits.mentionsMax).default([]),
    /** Files the author uploaded to this project that are not attached elsewhere. */
    file_ids: z
      .array(z.uuid())
      .max(fileLimits.perMessageMax, `A message carries at most ${fileLimits.perMessageMax} files`)
      .default([]),
  })
  .refine((input) => input.text !== '' || input.file_ids.length > 0, {
    message: 'Text must not be empty',
    path: ['text'],
  });
export type CreateMessageInput = z.infer<typeof CreateMessageInput>;
/** What a client sends: `mentions` and `file_ids` may be left out. */
export type CreateMessageBody = z.input<typeof CreateMessageInput>;

export const UpdateMessageInput = z.object({ text: MessageText });
export type UpdateMessageInput = z.infer<typeof UpdateMessageInput>;

export const MessageAuthor = z.object({
  user_id: z.uuid().nullable(),
  name: z.string(),
  avatar_url: z.string(),
  color: z.string(),
});
export type MessageAuthor = z.infer<typeof MessageAuthor>;

export const Reaction = z.object({ emoji: z.string(), count: z.number().int(), user_ids: z.array(z.uuid()) });
export type Reaction = z.infer<typeof Reaction>;

export const Message = z.object({
  id: z.uuid(),
  chat_id: z.uuid(),
  card_id: z.uuid(),
  project_id: z.uuid(),
  author: MessageAuthor,
  /** As sent: render as text, never as HTML. */
  text: z.string(),
  mentions: z.array(z.uuid()),
  reactions: z.array(Reaction),
  /** Attached files, in the order they were uploaded. */
  files: z.array(StoredFile),
  created_at: z.iso.datetime(),
  edited_at: z.iso.datetime().nullable(),
  abilities: z.object({ edit: z.boolean(), delete: z.boolean() }),
});
export type Message = z.infer<typeof Message>;
