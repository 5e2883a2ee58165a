import {
  ExportList,
  ExportQueued,
  ProjectExport,
  ProjectImport,
  type TransferStatus,
} from '@deckhand/contract/transfer';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';
import { type ImportUpload, uploadImport } from './upload-import';

export type ClientExport = Camelize<ProjectExport>;
export type ClientImport = Camelize<ProjectImport>;
export type ClientImportCounts = ClientImport['counts'];

export const transferKeys = {
  all: ['transfer'] as const,
  projectExports: (projectId: string) => [...transferKeys.all, 'project-exports', projectId] as const,
  export: (exportId: string) => [...transferKeys.all, 'export', exportId] as const,
  import: (importId: string) => [...transferKeys.all, 'import', importId] as const,
};

/** True while the server is still working on an export or import. */
export function isTransferRunning(status: TransferStatus): boolean {
  return status === 'queued' || status === 'running';
}

/**
 * The live channel refetches a running export or import at least every 2 s; this slow poll only covers an event
 * missed while the socket was down and reconnecting.
 */
const fallbackPollMs = 5_000;

function pollWhileRunning(data: { status: TransferStatus } | undefined): number | false {
  return data && !isTransferRunning(data.status) ? false : fallbackPollMs;
}

/** The project's exports still kept, newest first: the settings page shows the latest after a reload. */
export const projectExportsQuery = (projectId: string) =>
  queryOptions({
    queryKey: transferKeys.projectExports(projectId),
    queryFn: () => apiData(ExportList, `projects/${projectId}/exports`),
  });

export const exportQuery = (exportId: string) =>
  queryOptions({
    queryKey: transferKeys.export(exportId),
    queryFn: () => apiData(ProjectExport, `exports/${exportId}`),
    refetchInterval: (query) => pollWhileRunning(query.state.data),
  });

export const importQuery = (importId: string) =>
  queryOptions({
    queryKey: transferKeys.import(importId),
    queryFn: () => apiData(ProjectImport, `imports/${importId}`),
    refetchInterval: (query) => pollWhileRunning(query.state.data),
  });

/** Queues an export of the whole project (admins and the owner: `abilities.export`). @throws exports/forbidden */
export function useStartExport(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiData(ExportQueued, `projects/${projectId}/exports`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.projectExports(projectId) }),
  });
}

/** Uploads a Deckhand zip or a Trello board's JSON; the import then runs on the server. */
export function useStartImport() {
  return useMutation({ mutationFn: (upload: ImportUpload) => uploadImport(upload) });
}
