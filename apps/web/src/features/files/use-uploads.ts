import { fileLimits } from '@deckhand/contract/files';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ClientFile, clientConfigQuery, fileKeys } from './api';
import { fileErrorMessage, tooLargeMessage } from './messages';
import { UploadCancelled, uploadFile } from './upload';

export interface Upload {
  key: string;
  name: string;
  size: number;
  sent: number;
  status: 'uploading' | 'failed';
  error: string | null;
}

export interface UploadsOptions {
  projectId: string;
  cardId?: string;
  onUploaded?: (file: ClientFile) => void;
}

let nextKey = 0;

/**
 * Uploads in progress, each with its progress and a way to cancel: finished ones leave the list (the files list
 * or the composer shows them), failed ones stay with their reason until dismissed. A file over FILE_MAX_BYTES is
 * refused here, before a byte is sent.
 */
export function useUploads({ projectId, cardId, onUploaded }: UploadsOptions) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const queryClient = useQueryClient();
  const config = useQuery(clientConfigQuery());
  const maxBytes = config.data?.fileMaxBytes ?? fileLimits.defaultMaxBytes;
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<Upload>) => {
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);
  const remove = useCallback((key: string) => {
    setUploads((current) => current.filter((item) => item.key !== key));
  }, []);

  const startOne = useCallback(
    async (file: File): Promise<ClientFile | null> => {
      nextKey += 1;
      const key = `upload-${nextKey}`;
      const item: Upload = {
        key,
        name: file.name || 'file',
        size: file.size,
        sent: 0,
        status: 'uploading',
        error: null,
      };
      if (file.size > maxBytes) {
        setUploads((current) => [...current, { ...item, status: 'failed', error: tooLargeMessage(maxBytes) }]);
        return null;
      }
      const controller = new AbortController();
      controllers.current.set(key, controller);
      setUploads((current) => [...current, item]);
      try {
        const stored = await uploadFile(projectId, file, {
          cardId,
          signal: controller.signal,
          onProgress: (sent) => patch(key, { sent }),
        });
        remove(key);
        if (stored.cardId) await queryClient.invalidateQueries({ queryKey: fileKeys.card(stored.cardId) });
        onUploadedRef.current?.(stored);
        return stored;
      } catch (failure) {
        if (failure instanceof UploadCancelled) remove(key);
        else
          patch(key, {
            status: 'failed',
            error: fileErrorMessage(failure, maxBytes, 'The upload failed. Please try again.'),
          });
        return null;
      } finally {
        controllers.current.delete(key);
      }
    },
    [cardId, maxBytes, patch, projectId, queryClient, remove],
  );

  /** Starts every file at once; resolves with those stored, in the order given. */
  const start = useCallback(
    async (files: Iterable<File>): Promise<ClientFile[]> => {
      const stored = await Promise.all(Array.from(files, (file) => startOne(file)));
      return stored.filter((file): file is ClientFile => file !== null);
    },
    [startOne],
  );

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);

  return { uploads, start, cancel, dismiss: remove, maxBytes };
}
