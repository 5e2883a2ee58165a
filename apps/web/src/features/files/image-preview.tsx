import { type RefObject, useEffect, useRef } from 'react';
import { buttonClassName } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import type { ClientFile } from './api';

export interface ImagePreviewProps {
  images: ClientFile[];
  /** The image shown; null when the preview is closed. */
  index: number | null;
  onIndexChange(index: number | null): void;
  /** Holds the thumbnails (buttons with `data-preview-id`): focus returns to the one of the image last shown. */
  thumbnails: RefObject<HTMLElement | null>;
}

/** A card's images one at a time, full size; the arrow keys (and the buttons) step through them. */
export function ImagePreview({ images, index, onIndexChange, thumbnails }: ImagePreviewProps) {
  const image = index === null ? undefined : images[index];
  const count = images.length;
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (index === null || count < 2) return;
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 1 : -1;
      onIndexChange(((index ?? 0) + step + count) % count);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [index, count, onIndexChange]);

  return (
    <Dialog
      open={image !== undefined}
      onOpenChange={(open) => {
        if (open) return;
        returnTo.current =
          thumbnails.current?.querySelector<HTMLElement>(`[data-preview-id="${image?.id ?? ''}"]`) ?? null;
        onIndexChange(null);
      }}
      title={image?.name ?? 'Image'}
      size="wide"
      returnFocusTo={returnTo}
    >
      {image && index !== null ? (
        <figure className="flex flex-col items-center gap-3">
          <img
            src={image.url}
            alt={image.name}
            width={image.width ?? undefined}
            height={image.height ?? undefined}
            className="max-h-[70dvh] w-auto max-w-full rounded-md object-contain"
          />
          <figcaption className="flex w-full flex-wrap items-center justify-between gap-2 text-sm text-muted">
            <span aria-live="polite">
              Image {index + 1} of {count}
            </span>
            <span className="flex gap-2">
              {count > 1 ? (
                <>
                  <button
                    type="button"
                    className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    onClick={() => onIndexChange((index - 1 + count) % count)}
                  >
                    Previous image
                  </button>
                  <button
                    type="button"
                    className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                    onClick={() => onIndexChange((index + 1) % count)}
                  >
                    Next image
                  </button>
                </>
              ) : null}
              <a
                href={image.url}
                download={image.name}
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
              >
                Download
              </a>
            </span>
          </figcaption>
        </figure>
      ) : null}
    </Dialog>
  );
}
