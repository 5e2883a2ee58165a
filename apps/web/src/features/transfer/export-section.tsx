import { transferLimits } from '@deckhand/contract/transfer';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DotsLoader } from '../../ui/dots-loader';
import { SettingsSection } from '../../ui/settings-section';
import { projectExportsQuery, useStartExport } from './api';
import { ExportActions } from './export-actions';
import { ExportStatus } from './export-status';
import { transferErrorMessage } from './messages';

export interface ExportSectionProps {
  projectId: string;
}

/**
 * Settings › Export (shown to those with `abilities.export`): makes a zip of the whole project on the server and
 * offers it for download. The latest kept export shows on load, so a reload during an export keeps its progress.
 */
export function ExportSection({ projectId }: ExportSectionProps) {
  const exports = useQuery(projectExportsQuery(projectId));
  const start = useStartExport(projectId);
  // The export just asked for, before the list's refetch names it as the latest.
  const [startedId, setStartedId] = useState<string | null>(null);
  const latestId = startedId ?? exports.data?.items[0]?.id ?? null;

  function handleExport(): void {
    start.mutate(undefined, { onSuccess: (queued) => setStartedId(queued.id) });
  }

  function renderBody() {
    if (latestId) {
      const listed = exports.data?.items.find((item) => item.id === latestId);
      return <ExportStatus exportId={latestId} listed={listed} starting={start.isPending} onExport={handleExport} />;
    }
    // Whether an export is already under way is not known yet: offering a new one now could start a second.
    if (exports.isPending) return <DotsLoader label="Loading exports" className="py-2" />;
    return <ExportActions downloadUrl={null} busy={start.isPending} onExport={handleExport} />;
  }

  return (
    <SettingsSection
      title="Export"
      description={`A zip of everything in the project: cards, chats, tasks, statuses, files, members and activity. Exports are kept for ${transferLimits.exportKeptDays} days.`}
    >
      <div className="flex flex-col gap-3">
        {renderBody()}
        {start.isError ? (
          <p role="alert" className="text-sm text-danger">
            {transferErrorMessage(start.error, 'The export could not be started. Please try again.')}
          </p>
        ) : null}
      </div>
    </SettingsSection>
  );
}
