import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isId } from '../../lib/ids';
import { type ClientFile, fileQuery } from './api';

export interface FileTarget {
  /** The file `?file=` points at, once loaded (with fresh links); null without one. */
  file: ClientFile | null;
  /** Takes it out of the URL, as its preview closes. */
  close(): void;
}

/** The file a link (a search result) asks the card page to open: `?file={fileId}`. */
export function useFileTarget(cardId: string): FileTarget {
  const [params, setParams] = useSearchParams();
  const param = params.get('file');
  const fileId = param !== null && isId(param) ? param : null;
  const target = useQuery({ ...fileQuery(fileId ?? ''), enabled: fileId !== null });
  const file = fileId !== null && target.data?.id === fileId && target.data.cardId === cardId ? target.data : null;
  const close = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('file');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { file, close };
}
