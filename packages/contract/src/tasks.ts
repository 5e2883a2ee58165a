import { z } from 'zod';
import { Author } from './cards';
import { Status } from './statuses';

export const taskPriorities = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export type TaskPriority = (typeof taskPriorities)[number];

export const taskLimits = {
  titleMaxLength: 300,
  labelsMax: 10,
  labelMaxLength: 30,
  assigneesMax: 20,
} as const;

export const TaskParams = z.object({ taskId: z.uuid() });
export type TaskParams = z.infer<typeof TaskParams>;

const TaskTitle = z
  .string()
  .trim()
  .min(1, 'Title must not be empty')
  .max(taskLimits.titleMaxLength, `Title must be at most ${taskLimits.titleMaxLength} characters`);
const Label = z
  .string()
  .trim()
  .min(1, 'A label must not be empty')
  .max(taskLimits.labelMaxLength, `A label has at most ${taskLimits.labelMaxLength} characters`);
const Labels = z
  .array(Label)
  .max(taskLimits.labelsMax, `At most ${taskLimits.labelsMax} labels`)
  .transform((labels) => [...new Set(labels)]);
const AssigneeIds = z
  .array(z.uuid())
  .max(taskLimits.assigneesMax, `At most ${taskLimits.assigneesMax} assignees`)
  .transform((ids) => [...new Set(ids)]);
const DueAt = z.iso.datetime({ offset: true }).nullable();

export const CreateTaskInput = z.strictObject({
  title: TaskTitle,
  /** Default: the project's first status. */
  status_id: z.uuid().optional(),
  assignee_ids: AssigneeIds.optional(),
  due_at: DueAt.optional(),
  priority: z.enum(taskPriorities).optional(),
  labels: Labels.optional(),
});
export type CreateTaskInput = z.infer<typeof CreateTaskInput>;

export const UpdateTaskInput = z
  .strictObject({
    title: TaskTitle.optional(),
    assignee_ids: AssigneeIds.optional(),
    due_at: DueAt.optional(),
    priority: z.enum(taskPriorities).optional(),
    labels: Labels.optional(),
    /** true: to the end of the first done status; false: to the end of the first todo one. */
    done: z.boolean().optional(),
  })
  .refine((input) => Object.keys(input).length > 0, 'Nothing to change');
export type UpdateTaskInput = z.infer<typeof UpdateTaskInput>;

export const MoveTaskInput = z
  .strictObject({
    status_id: z.uuid(),
    /** Right after this task of `status_id`… */
    after_id: z.uuid().nullable().optional(),
    /** …or right before this one; neither: at the end. */
    before_id: z.uuid().nullable().optional(),
  })
  .refine((input) => !(input.after_id && input.before_id), 'Give after_id or before_id, not both');
export type MoveTaskInput = z.infer<typeof MoveTaskInput>;

export const Task = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  card_id: z.uuid(),
  card_title: z.string(),
  title: z.string(),
  status_id: z.uuid(),
  /** An opaque key: the server's order within the status. */
  position: z.string(),
  assignee_ids: z.array(z.uuid()),
  due_at: z.iso.datetime().nullable(),
  priority: z.enum(taskPriorities),
  labels: z.array(z.string()),
  done_at: z.iso.datetime().nullable(),
  created_by: Author,
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Task = z.infer<typeof Task>;

/**
 * A task as the board carries it: what a column shows and filters on. The board's order is the order of its
 * `tasks`, so no position; project, author and times come with the full task from the other routes. This is
 * what keeps 5,000 tasks under 1.5 MB of JSON.
 */
export const BoardTask = Task.pick({
  id: true,
  card_id: true,
  card_title: true,
  title: true,
  status_id: true,
  assignee_ids: true,
  due_at: true,
  priority: true,
  labels: true,
  done_at: true,
});
export type BoardTask = z.infer<typeof BoardTask>;

/** Every task of the project's cards that are not archived, grouped by status in board order. */
export const Board = z.object({ statuses: z.array(Status), tasks: z.array(BoardTask) });
export type Board = z.infer<typeof Board>;

export const MyWorkQuery = z.object({ project_id: z.uuid().optional() });
export type MyWorkQuery = z.infer<typeof MyWorkQuery>;

export const MyWorkTask = Task.extend({ project_name: z.string() });
export type MyWorkTask = z.infer<typeof MyWorkTask>;
