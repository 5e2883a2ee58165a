import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DotsLoader } from '../../ui/dots-loader';
import { RetryPanel } from '../../ui/retry-panel';
import { toast } from '../../ui/toast';
import { type ClientFile, cardFilesQuery, useDeleteFile } from './api';
import { AttachFilesButton } from './attach-files-button';
import { FileItem } from './file-item';
import { FilePreviewDialog } from './file-preview-dialog';
import { ImagePreview } from './image-preview';
import { fileErrorMessage } from './messages';
import { UploadList } from './upload-list';
import { useFileTarget } from './use-file-target';
import type { useUploads } from './use-uploads';

export interface CardFilesProps {
  projectId: string;
  cardId: string;
  canWrite: boolean;
  /** Whether the caller may delete others' files too (admins and the owner). */
  canManage: boolean;
  myUserId: string;
  /** The card page's uploads: files dropped or pasted anywhere on the card arrive here too. */
  uploads: ReturnType<typeof useUploads>;
}

/**
 * The card's files: attach (picker, drop, paste), see each upload's progress, preview images, download, delete.
 * `?file=` opens that file's preview.
 */
export function CardFiles({ projectId, cardId, canWrite, canManage, myUserId, uploads }: CardFilesProps) {
  const list = useInfiniteQuery(cardFilesQuery(projectId, cardId));
  const files = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const images = useMemo(() => files.filter((file) => file.thumbnailUrl !== null), [files]);
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ClientFile | null>(null);
  const remove = useDeleteFile();
  const section = useRef<HTMLElement>(null);
  const now = useNow();
  const target = useFileTarget(cardId);
  const loaded = list.data !== undefined;
  const targetImageIndex = target.file ? images.findIndex((image) => image.id === target.file?.id) : -1;
  const { close: closeTarget } = target;

  // A linked image among those listed opens in the card's preview, where the arrows reach the others.
  useEffect(() => {
    if (targetImageIndex < 0) return;
    setPreviewIndex(targetImageIndex);
    closeTarget();
  }, [targetImageIndex, closeTarget]);
  const otherTarget = loaded && targetImageIndex < 0 ? target.file : null;

  function confirmDelete(): void {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => setDeleting(null),
      onError: (failure) =>
        toast.error(fileErrorMessage(failure, uploads.maxBytes, 'The file could not be deleted. Please try again.')),
    });
  }

  return (
    <section ref={section} aria-label="Files" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-base font-semibold">Files</h3>
        {canWrite ? <AttachFilesButton onFiles={(chosen) => void uploads.start(chosen)} /> : null}
      </div>
      <UploadList uploads={uploads.uploads} onCancel={uploads.cancel} onDismiss={uploads.dismiss} />
      {list.data === undefined ? (
        list.isError ? (
          <RetryPanel message="The files could not be loaded." onRetry={() => list.refetch()} />
        ) : (
          <DotsLoader label="Loading files" className="py-4" />
        )
      ) : files.length === 0 ? (
        <p className="text-sm text-muted">
          No files yet.{canWrite ? ' Attach some, or drop or paste them anywhere on the card.' : ''}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {files.map((file) => {
            const imageIndex = images.indexOf(file);
            const mayDelete = canManage || (canWrite && file.uploadedBy.userId === myUserId);
            return (
              <FileItem
                key={file.id}
                file={file}
                now={now}
                onPreview={imageIndex >= 0 ? () => setPreviewIndex(imageIndex) : undefined}
                onDelete={mayDelete ? () => setDeleting(file) : undefined}
              />
            );
          })}
        </ul>
      )}
      {list.hasNextPage ? (
        <Button
          size="sm"
          variant="ghost"
          className="self-start"
          onClick={() => list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Show older files'}
        </Button>
      ) : null}
      <ImagePreview images={images} index={previewIndex} onIndexChange={setPreviewIndex} thumbnails={section} />
      {otherTarget?.thumbnailUrl ? (
        <ImagePreview
          images={[otherTarget]}
          index={0}
          onIndexChange={(index) => index === null && closeTarget()}
          thumbnails={section}
        />
      ) : (
        <FilePreviewDialog file={otherTarget} onClose={closeTarget} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete file?"
        confirmLabel="Delete file"
        onConfirm={confirmDelete}
        pending={remove.isPending}
      >
        <p>
          {deleting?.name} will be deleted for everyone
          {deleting?.messageId ? ', and from the message it was sent with' : ''}. This cannot be undone.
        </p>
      </ConfirmDialog>
    </section>
  );
}
