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
/** Counted once repeats are dropped: ["ops", "ops"] is one label. */
const Labels = z
  .array(Label)
  .transform((labels) => [...new Set(labels)])
  .pipe(z.array(z.string()).max(taskLimits.labelsMax, `At most ${taskLimits.labelsMax} labels`));
const AssigneeIds = z
  .array(z.uuid())
  .max(taskLimits.assigneesMax, `At most ${taskLimits.assigneesMax} assignees`)
  .transform((ids) => [...new Set(ids)]);
const dueYears = { min: 1970, max: 9999 };
/** The database takes no year 0, and no task is due before 1970 or after 9999. */
const DueAt = z.iso
  .datetime({ offset: true })
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return Number.parseInt(value.slice(0, 4), 10) >= dueYears.min && year >= dueYears.min && year <= dueYears.max;
  }, `A due date is between the years ${dueYears.min} and ${dueYears.max}`)
  .nullable();

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

/** `?project_id=` left empty means every project, as when it is left out. */
export const MyWorkQuery = z.object({
  project_id: z.preprocess((value) => (value === '' ? undefined : value), z.uuid().optional()),
});
export type MyWorkQuery = z.infer<typeof MyWorkQuery>;

export const MyWorkTask = Task.extend({ project_name: z.string() });
export type MyWorkTask = z.infer<typeof MyWorkTask>;
