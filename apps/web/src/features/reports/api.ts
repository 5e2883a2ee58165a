import { ErrorGroup, Feedback } from '@deckhand/contract/reports';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, apiData, backendUrl } from '../../lib/api';
import { readStoredToken } from '../../lib/token-store';
import { playableEvents, RecordedEvent } from './replay-events';

export type ErrorGroupItem = Awaited<ReturnType<typeof fetchErrorGroups>>[number];
export type FeedbackItem = Awaited<ReturnType<typeof fetchFeedback>>[number];

function fetchErrorGroups() {
  return apiData(z.array(ErrorGroup), 'admin/reports/errors');
}

function fetchFeedback() {
  return apiData(z.array(Feedback), 'admin/reports/feedback');
}

export const errorGroupsQuery = () =>
  queryOptions({ queryKey: ['admin', 'reports', 'errors'], queryFn: fetchErrorGroups });
export const feedbackQuery = () => queryOptions({ queryKey: ['admin', 'reports', 'feedback'], queryFn: fetchFeedback });

/** A Bearer-protected admin download (attachment bytes, replay events) that is not a JSON API answer. */
async function fetchProtected(url: string): Promise<Response> {
  const response = await fetch(`${backendUrl}${url}`, {
    headers: { Authorization: `Bearer ${readStoredToken() ?? ''}` },
  });
  if (!response.ok) throw new ApiRequestError(response.status, null, null);
  return response;
}

/** An attachment's bytes, as a Blob for a blob: URL. */
export async function fetchAttachment(url: string): Promise<Blob> {
  return (await fetchProtected(url)).blob();
}

/** A session replay's recorded rrweb events, in order. @throws ApiRequestError 404 when nothing was recorded */
export async function fetchReplayEvents(replayId: string) {
  const response = await fetchProtected(`/api/admin/reports/replays/${encodeURIComponent(replayId)}/events`);
  return playableEvents(z.array(RecordedEvent).parse(await response.json()));
}
