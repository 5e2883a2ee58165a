import { z } from 'zod';
import { ActivityChanges, ActivityPerson, activityVerbs } from './activity';
import { cardLimits } from './cards';
import { chatLimits } from './chats';
import { messageLimits } from './messages';
import { projectLimits, projectRoles } from './projects';
import { statusCategories, statusLimits } from './statuses';
import { taskLimits, taskPriorities } from './tasks';

/**
 * Export and import of a whole project (issue 26). An export is a zip of JSON files, one per kind of thing,
 * with the same field names as the API, and the files' bytes; an import reads such a zip, or a Trello board's
 * JSON export, into a new project.
 */
export const transferLimits = {
  /** IMPORT_MAX_BYTES when the server is not told otherwise (1 GiB). */
  defaultImportMaxBytes: 1024 * 1024 * 1024,
  /** What a zip's entries may unpack to in all, as a multiple of IMPORT_MAX_BYTES. */
  unpackedMaxFactor: 10,
  /** The largest compression ratio of any entry: beyond it an entry is a zip bomb. */
  entryMaxRatio: 200,
  /** How long an export and its zip are kept. */
  exportKeptDays: 7,
  /** How long an export's download link works. */
  downloadLinkHours: 24,
} as const;

export const exportFormat = 'deckhand-export';
export const exportVersion = 1;

export const transferStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

export const importKinds = ['deckhand', 'trello'] as const;
export type ImportKind = (typeof importKinds)[number];

// ---- The API ----

export const ExportParams = z.object({ exportId: z.uuid() });
export const ImportParams = z.object({ importId: z.uuid() });

export const ExportQueued = z.object({ id: z.uuid(), status: z.literal('queued') });
export type ExportQueued = z.infer<typeof ExportQueued>;

export const ProjectExport = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  status: z.enum(transferStatuses),
  /** 0 to 1. */
  progress: z.number().min(0).max(1),
  /** The zip's size in bytes, once done. */
  size: z.number().int().nullable(),
  /** A signed link to the zip, valid 24 hours, once done. */
  url: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type ProjectExport = z.infer<typeof ProjectExport>;

/** The project's exports still kept, newest first: what the settings page shows after a reload. */
export const ExportList = z.object({ items: z.array(ProjectExport) });
export type ExportList = z.infer<typeof ExportList>;

export const ImportQueued = z.object({ id: z.uuid() });
export type ImportQueued = z.infer<typeof ImportQueued>;

export const ImportCounts = z.object({
  statuses: z.number().int(),
  cards: z.number().int(),
  chats: z.number().int(),
  messages: z.number().int(),
  tasks: z.number().int(),
  files: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ProjectImport = z.object({
  id: z.uuid(),
  kind: z.enum(importKinds),
  status: z.enum(transferStatuses),
  progress: z.number().min(0).max(1),
  /** The new project, once done. */
  project_id: z.uuid().nullable(),
  counts: ImportCounts,
  /** What was left out or changed on the way in: people without an account here, closed lists, attachments. */
  warnings: z.array(z.string()),
  error: z.string().nullable(),
  created_at: z.iso.datetime(),
});
export type ProjectImport = z.infer<typeof ProjectImport>;

/** The caller's imports of the last 7 days, newest first. */
export const ImportList = z.object({ items: z.array(ProjectImport) });
export type ImportList = z.infer<typeof ImportList>;

/** The signed download link's query, as for files. */
export const SignedExportQuery = z.object({
  expires: z.coerce.number().int().min(0),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

// ---- The zip's files ----

const Id = z.uuid();
const Time = z.iso.datetime({ offset: true });
const Person = z.object({ user_id: Id.nullable(), name: z.string().max(200) });

export const ExportCounts = z.object({
  members: z.number().int().min(0),
  statuses: z.number().int().min(0),
  cards: z.number().int().min(0),
  chats: z.number().int().min(0),
  messages: z.number().int().min(0),
  tasks: z.number().int().min(0),
  files: z.number().int().min(0),
  activity: z.number().int().min(0),
});
export type ExportCounts = z.infer<typeof ExportCounts>;

/** `manifest.json`. `format` and `version` are checked on their own first, for a clear refusal. */
export const ExportManifest = z.object({
  format: z.literal(exportFormat),
  version: z.number().int(),
  exported_at: Time,
  project: z.object({ id: Id, name: z.string() }),
  counts: ExportCounts,
});
export type ExportManifest = z.infer<typeof ExportManifest>;

/** `project.json`. */
export const ExportProject = z.object({
  id: Id,
  name: z.string().trim().min(1).max(projectLimits.nameMaxLength),
  description: z.string().max(projectLimits.descriptionMaxLength),
  created_at: Time,
  updated_at: Time,
});
export type ExportProject = z.infer<typeof ExportProject>;

/** `members.json`: people are matched to accounts here by email. */
export const ExportMember = z.object({
  user_id: Id,
  name: z.string().max(200),
  email: z.string().max(320),
  role: z.enum(projectRoles),
});
export type ExportMember = z.infer<typeof ExportMember>;

/** `statuses.json`, in board order. */
export const ExportStatus = z.object({
  id: Id,
  name: z.string().trim().min(1).max(statusLimits.nameMaxLength),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a hex colour such as #2563eb'),
  category: z.enum(statusCategories),
  wip_limit: z.number().int().min(1).max(statusLimits.wipLimitMax).nullable(),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

/** `cards.json`: the body as its Yjs state (base64) and, for people and other tools, as Markdown. */
export const ExportCard = z.object({
  id: Id,
  title: z.string().trim().min(1).max(cardLimits.titleMaxLength),
  archived: z.boolean(),
  created_by: Person,
  created_at: Time,
  updated_at: Time,
  body_yjs: z.string().nullable(),
  body_markdown: z.string(),
});
export type ExportCard = z.infer<typeof ExportCard>;

/** `chats.json`. */
export const ExportChat = z.object({
  id: Id,
  card_id: Id,
  name: z.string().trim().min(1).max(chatLimits.nameMaxLength),
  created_by: Person,
  created_at: Time,
  last_message_at: Time.nullable(),
});
export type ExportChat = z.infer<typeof ExportChat>;

/** `messages.json`, each chat's in order. */
export const ExportMessage = z.object({
  id: Id,
  chat_id: Id,
  card_id: Id,
  author: Person,
  text: z.string().max(messageLimits.textMaxLength),
  mentions: z.array(Id).max(messageLimits.mentionsMax),
  reactions: z.array(z.object({ emoji: z.string().min(1).max(64), user_ids: z.array(Id) })),
  file_ids: z.array(Id),
  created_at: Time,
  edited_at: Time.nullable(),
});
export type ExportMessage = z.infer<typeof ExportMessage>;

/** `tasks.json`, in board order: by status, then by position within it. */
export const ExportTask = z.object({
  id: Id,
  card_id: Id,
  status_id: Id,
  title: z.string().trim().min(1).max(taskLimits.titleMaxLength),
  position: z.string().max(200),
  assignee_ids: z.array(Id).max(taskLimits.assigneesMax),
  due_at: Time.nullable(),
  priority: z.enum(taskPriorities),
  labels: z.array(z.string().min(1).max(taskLimits.labelMaxLength)).max(taskLimits.labelsMax),
  done_at: Time.nullable(),
  created_by: Person,
  created_at: Time,
  updated_at: Time,
});
export type ExportTask = z.infer<typeof ExportTask>;

/** `files.json`; the bytes are at `path` (`files/{id}/{name}`). */
export const ExportFile = z.object({
  id: Id,
  card_id: Id.nullable(),
  message_id: Id.nullable(),
  name: z.string().min(1).max(255),
  content_type: z.string().max(255),
  size: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploaded_by: Person,
  created_at: Time,
  path: z.string().max(400),
});
export type ExportFile = z.infer<typeof ExportFile>;

/** `activity.json`, oldest first. `changes` is kept as recorded. */
export const ExportActivity = z.object({
  id: Id,
  card_id: Id.nullable(),
  task_id: Id.nullable(),
  chat_id: Id.nullable(),
  file_id: Id.nullable(),
  actor: Person.nullable(),
  verb: z.enum(activityVerbs),
  subject: z.string().max(1000),
  changes: ActivityChanges,
  member: ActivityPerson.nullable(),
  created_at: Time,
});
export type ExportActivity = z.infer<typeof ExportActivity>;
