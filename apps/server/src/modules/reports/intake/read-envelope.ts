import { randomUUID } from 'node:crypto';
import type { ReportEvent } from '@deckhand/contract/reports';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { type Envelope, type EnvelopeItem, isRecord } from './envelope';
import { cut, httpUrl, replayIdOf, SentryEvent, toReportEvent, userIdOf } from './event-shape';
import { type GroupKey, groupKeyOf } from './fingerprint';

export interface ErrorReport {
  key: GroupKey;
  event: ReportEvent;
}

export interface FeedbackReport {
  eventId: string;
  message: string;
  name: string | null;
  email: string | null;
  url: string | null;
  userId: string | null;
  associatedEventId: string | null;
  replayId: string | null;
}

export interface AttachmentUpload {
  name: string;
  contentType: string;
  attachmentType: string | null;
  data: Buffer;
}

export interface ReplaySegmentUpload {
  replayId: string;
  segmentId: number;
  data: Buffer;
}

/** What one envelope asks to store; items of other types (sessions, client reports, …) are dropped. */
export interface IngestBatch {
  /** The envelope's event id (header `event_id`), echoed to the SDK. */
  eventId: string | null;
  /** The first user named by an item, for the per-user limit. */
  userId: string | null;
  errors: ErrorReport[];
  feedback: FeedbackReport[];
  attachments: AttachmentUpload[];
  replaySegments: ReplaySegmentUpload[];
}

/** Sentry refuses events over 1 MB too; attachments and recordings may be larger. */
const maxJsonItemBytes = 1024 * 1024;
const limits = { name: 200, email: 320, message: 20_000, fileName: 255, contentType: 100 };

/** Sentry writes ids as 32 hex digits; a UUID with dashes is accepted and normalised. */
function eventIdOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.replaceAll('-', '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(id) ? id : null;
}

function newEventId(): string {
  return randomUUID().replaceAll('-', '');
}

function readJson(item: EnvelopeItem): Record<string, unknown> {
  if (item.payload.length > maxJsonItemBytes) {
    throw new AppError('request/too-large', `A ${item.type} item is larger than ${maxJsonItemBytes} bytes`);
  }
  let value: unknown;
  try {
    value = JSON.parse(item.payload.toString('utf8'));
  } catch (err) {
    throw new AppError('reports/invalid-envelope', `A ${item.type} item is not JSON`, { cause: err });
  }
  if (!isRecord(value)) throw new AppError('reports/invalid-envelope', `A ${item.type} item is not a JSON object`);
  return value;
}

function readFeedback(event: SentryEvent, eventId: string): FeedbackReport {
  const context = event.contexts?.feedback;
  const message = context?.message?.trim();
  if (!message) throw new AppError('reports/invalid-envelope', 'A feedback item has no message');
  return {
    eventId,
    message: cut(message, limits.message) ?? '',
    name: cut(context?.name?.trim() || null, limits.name),
    email: cut(context?.contact_email?.trim() || null, limits.email),
    url: httpUrl(context?.url ?? event.request?.url),
    userId: userIdOf(event),
    associatedEventId: eventIdOf(context?.associated_event_id),
    replayId: replayIdOf(event),
  };
}

/** Sentry's older user feedback item: `{ event_id, name, email, comments }` about one error event. */
const UserReport = z.object({
  event_id: z.string().optional().catch(undefined),
  name: z.string().optional().catch(undefined),
  email: z.string().optional().catch(undefined),
  comments: z.string().optional().catch(undefined),
});

function readUserReport(item: EnvelopeItem): FeedbackReport {
  const report = UserReport.parse(readJson(item));
  const message = report.comments?.trim();
  if (!message) throw new AppError('reports/invalid-envelope', 'A user_report item has no comments');
  return {
    eventId: newEventId(),
    message: cut(message, limits.message) ?? '',
    name: cut(report.name?.trim() || null, limits.name),
    email: cut(report.email?.trim() || null, limits.email),
    url: null,
    userId: null,
    associatedEventId: eventIdOf(report.event_id),
    replayId: null,
  };
}

function readAttachment(item: EnvelopeItem): AttachmentUpload {
  const { filename, content_type: contentType, attachment_type: attachmentType } = item.headers;
  return {
    name: (typeof filename === 'string' && cut(filename.trim(), limits.fileName)) || 'attachment',
    contentType:
      (typeof contentType === 'string' && cut(contentType.trim(), limits.contentType)) || 'application/octet-stream',
    attachmentType: typeof attachmentType === 'string' ? cut(attachmentType, 60) : null,
    data: item.payload,
  };
}

/** A recording starts with its own header line, `{"segment_id":N}`. */
function segmentIdOf(payload: Buffer): number | null {
  const end = payload.indexOf(0x0a);
  if (end === -1 || end > 200) return null;
  try {
    const header: unknown = JSON.parse(payload.subarray(0, end).toString('utf8'));
    const id = isRecord(header) ? header.segment_id : undefined;
    return typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 ? id : null;
  } catch {
    return null; // a recording without a readable header is dropped, like other unknown data
  }
}

/**
 * Turns the items of a parsed envelope into what to store.
 * @throws reports/invalid-envelope (an event or feedback that is not a JSON object, feedback without
 *   a message) · request/too-large (an event over 1 MB)
 */
export function readEnvelope(envelope: Envelope, receivedAt: Date): IngestBatch {
  const envelopeEventId = eventIdOf(envelope.headers.event_id);
  const batch: IngestBatch = {
    eventId: envelopeEventId,
    userId: null,
    errors: [],
    feedback: [],
    attachments: [],
    replaySegments: [],
  };
  let replayId = envelopeEventId;
  const recordings: Buffer[] = [];
  for (const item of envelope.items) {
    if (item.type === 'event' || item.type === 'feedback' || item.type === 'replay_event') {
      const json = readJson(item);
      const event = SentryEvent.parse(json);
      const eventId = eventIdOf(event.event_id) ?? envelopeEventId ?? newEventId();
      batch.userId ??= userIdOf(event);
      if (item.type === 'event') {
        const report = toReportEvent(event, eventId, receivedAt);
        batch.errors.push({ key: groupKeyOf(report), event: report });
      }
      if (item.type === 'feedback') batch.feedback.push(readFeedback(event, eventId));
      if (item.type === 'replay_event') replayId = eventIdOf(json.replay_id) ?? replayId;
    }
    if (item.type === 'user_report') batch.feedback.push(readUserReport(item));
    if (item.type === 'attachment') batch.attachments.push(readAttachment(item));
    // The recording names its segment but not its replay: that comes from the replay_event beside it.
    if (item.type === 'replay_recording') recordings.push(item.payload);
  }
  for (const data of recordings) {
    const segmentId = segmentIdOf(data);
    if (replayId && segmentId !== null) batch.replaySegments.push({ replayId, segmentId, data });
  }
  return batch;
}
