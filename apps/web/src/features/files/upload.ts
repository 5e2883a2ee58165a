import { StoredFile } from '@deckhand/contract/files';
import { ApiRequestError, apiErrorOf, backendUrl, renewTokenAfterUnauthorized } from '../../lib/api';
import { camelize } from '../../lib/case';
import { readStoredToken } from '../../lib/token-store';
import type { ClientFile } from './api';

export interface UploadOptions {
  cardId?: string;
  /** Bytes sent so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** Thrown when the person cancels an upload: not an error to report. */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

function sendOnce(projectId: string, file: File, options: UploadOptions): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // Before the file, so the server checks the card before it reads a single byte of the file.
    if (options.cardId) form.append('card_id', options.cardId);
    form.append('file', file, file.name);
    // fetch() cannot report upload progress; XMLHttpRequest can.
    const request = new XMLHttpRequest();
    request.open('POST', `${backendUrl}/api/projects/${projectId}/files`);
    request.setRequestHeader('Authorization', `Bearer ${readStoredToken() ?? ''}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total || file.size);
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new TypeError('Network error while uploading'));
    request.onabort = () => reject(new UploadCancelled());
    if (options.signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Uploads one file to the project (and card), reporting progress. @throws ApiRequestError · UploadCancelled */
export async function uploadFile(projectId: string, file: File, options: UploadOptions = {}): Promise<ClientFile> {
  let answer = await sendOnce(projectId, file, options);
  if (answer.status === 401 && (await renewTokenAfterUnauthorized())) {
    answer = await sendOnce(projectId, file, options);
  }
  if (answer.status !== 201) throw apiErrorOf(answer.status, answer.text);
  try {
    return camelize(StoredFile.parse(JSON.parse(answer.text)));
  } catch {
    throw new ApiRequestError(answer.status, null, null);
  }
}
