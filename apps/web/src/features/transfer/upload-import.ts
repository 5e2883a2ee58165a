import { ImportQueued } from '@deckhand/contract/transfer';
import { ApiRequestError, apiErrorOf, backendUrl, renewTokenAfterUnauthorized } from '../../lib/api';
import { readStoredToken } from '../../lib/token-store';

export interface ImportUpload {
  file: File;
  /** The new project's name; empty leaves it to the export or the board. */
  name: string;
  /** Bytes sent so far, of `total`. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** Thrown when the person cancels the upload: not an error to show. */
export class ImportUploadCancelled extends Error {
  constructor() {
    super('Import upload cancelled');
    this.name = 'ImportUploadCancelled';
  }
}

function sendOnce(upload: ImportUpload): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    // Before the file, so the server has the name before it streams the file's bytes.
    const name = upload.name.trim();
    if (name !== '') form.append('name', name);
    form.append('file', upload.file, upload.file.name);
    // fetch() cannot report upload progress; XMLHttpRequest can.
    const request = new XMLHttpRequest();
    request.open('POST', `${backendUrl}/api/imports`);
    request.setRequestHeader('Authorization', `Bearer ${readStoredToken() ?? ''}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => upload.onProgress?.(event.loaded, event.total || upload.file.size);
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new TypeError('Network error while uploading'));
    request.onabort = () => reject(new ImportUploadCancelled());
    if (upload.signal?.aborted) {
      reject(new ImportUploadCancelled());
      return;
    }
    upload.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Sends the file to `POST /api/imports`. @throws ApiRequestError (imports/too-large, …) · ImportUploadCancelled */
export async function uploadImport(upload: ImportUpload): Promise<ImportQueued> {
  let answer = await sendOnce(upload);
  if (answer.status === 401 && (await renewTokenAfterUnauthorized())) answer = await sendOnce(upload);
  if (answer.status !== 202) throw apiErrorOf(answer.status, answer.text);
  try {
    return ImportQueued.parse(JSON.parse(answer.text));
  } catch {
    // A 202 whose body is not the contract's: treated like any answer the client cannot read.
    throw new ApiRequestError(answer.status, null, null);
  }
}
