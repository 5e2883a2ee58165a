import { ErrorGroup, Feedback } from '@deckhand/contract/reports';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, apiData, backendUrl } from '../../lib/api';
import { readStoredToken } from '../../lib/token-store';

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

/** An attachment's bytes (Bearer-protected), as a Blob for a blob: URL. */
export async function fetchAttachment(url: string): Promise<Blob> {
  const response = await fetch(`${backendUrl}${url}`, {
    headers: { Authorization: `Bearer ${readStoredToken() ?? ''}` },
  });
  if (!response.ok) throw new ApiRequestError(response.status, null, null);
  return response.blob();
}
