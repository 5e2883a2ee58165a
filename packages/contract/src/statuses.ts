import { z } from 'zod';

/** What a status means, whatever its name: done statuses complete their tasks. */
export const statusCategories = ['todo', 'in_progress', 'done'] as const;
export type StatusCategory = (typeof statusCategories)[number];

export const statusLimits = { nameMaxLength: 50, wipLimitMax: 1000, perProjectMax: 50 } as const;

/** The columns every project starts with, in board order. */
export const defaultStatuses = [
  { name: 'To do', category: 'todo', color: '#64748b' },
  { name: 'In progress', category: 'in_progress', color: '#2563eb' },
  { name: 'Done', category: 'done', color: '#16a34a' },
] as const satisfies readonly { name: string; category: StatusCategory; color: string }[];

export const StatusParams = z.object({ statusId: z.uuid() });
export type StatusParams = z.infer<typeof StatusParams>;

const StatusName = z
  .string()
  .trim()
  .min(1, 'Name must not be empty')
  .max(statusLimits.nameMaxLength, `Name must be at most ${statusLimits.nameMaxLength} characters`);
const StatusColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'color: a hex colour such as #2563eb');
const WipLimit = z.number().int().min(1).max(statusLimits.wipLimitMax).nullable();

export const CreateStatusInput = z.strictObject({
  name: StatusName,
  color: StatusColor.optional(),
  category: z.enum(statusCategories).optional(),
  wip_limit: WipLimit.optional(),
  /** The status it goes after; null or absent: last. */
  after_id: z.uuid().nullable().optional(),
});
export type CreateStatusInput = z.infer<typeof CreateStatusInput>;

export const UpdateStatusInput = z
  .strictObject({
    name: StatusName.optional(),
    color: StatusColor.optional(),
    category: z.enum(statusCategories).optional(),
    wip_limit: WipLimit.optional(),
    /** The status it goes after; null puts it first. */
    after_id: z.uuid().nullable().optional(),
  })
  .refine((input) => Object.keys(input).length > 0, 'Nothing to change');
export type UpdateStatusInput = z.infer<typeof UpdateStatusInput>;

export const DeleteStatusQuery = z.object({
  /** Where its tasks go (to the end); required when it holds any. */
  move_to: z.uuid().optional(),
});
export type DeleteStatusQuery = z.infer<typeof DeleteStatusQuery>;

export const Status = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  name: z.string(),
  color: z.string(),
  category: z.enum(statusCategories),
  /** A warning when exceeded, never a refusal. */
  wip_limit: z.number().int().nullable(),
  task_count: z.number().int(),
});
export type Status = z.infer<typeof Status>;
