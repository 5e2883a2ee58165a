import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { transferKeys } from './api';
import { handleTransferEvent } from './live';

const projectId = '0190a0b0-0000-7000-8000-000000000001';
const exportId = '0190a0b0-0000-7000-8000-000000000002';
const otherExportId = '0190a0b0-0000-7000-8000-000000000003';
const importId = '0190a0b0-0000-7000-8000-000000000004';

function cacheWithTransfers() {
  const queryClient = new QueryClient();
  for (const key of [
    transferKeys.projectExports(projectId),
    transferKeys.export(exportId),
    transferKeys.export(otherExportId),
    transferKeys.import(importId),
  ]) {
    queryClient.setQueryData(key, {});
  }
  const isStale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
  return { queryClient, isStale };
}

describe('handleTransferEvent', () => {
  it('refetches the running export it is about, and leaves the list alone', () => {
    const { queryClient, isStale } = cacheWithTransfers();
    const event = { type: 'export_updated', project_id: projectId, export_id: exportId, progress: 0.4 } as const;
    handleTransferEvent(queryClient, { ...event, status: 'running' });
    expect(isStale(transferKeys.export(exportId))).toBe(true);
    expect(isStale(transferKeys.export(otherExportId))).toBe(false);
    expect(isStale(transferKeys.projectExports(projectId))).toBe(false);
    expect(isStale(transferKeys.import(importId))).toBe(false);
  });

  it('refetches the project’s list too once an export has ended', () => {
    for (const status of ['done', 'failed'] as const) {
      const { queryClient, isStale } = cacheWithTransfers();
      handleTransferEvent(queryClient, {
        type: 'export_updated',
        project_id: projectId,
        export_id: exportId,
        status,
        progress: 1,
      });
      expect(isStale(transferKeys.export(exportId))).toBe(true);
      expect(isStale(transferKeys.projectExports(projectId))).toBe(true);
    }
  });

  it('refetches the import it is about', () => {
    const { queryClient, isStale } = cacheWithTransfers();
    handleTransferEvent(queryClient, { type: 'import_updated', import_id: importId, status: 'running', progress: 0.1 });
    expect(isStale(transferKeys.import(importId))).toBe(true);
    expect(isStale(transferKeys.export(exportId))).toBe(false);
  });

  it('ignores other areas’ events', () => {
    const { queryClient, isStale } = cacheWithTransfers();
    handleTransferEvent(queryClient, { type: 'project_updated', project_id: projectId });
    expect(isStale(transferKeys.projectExports(projectId))).toBe(false);
  });
});
