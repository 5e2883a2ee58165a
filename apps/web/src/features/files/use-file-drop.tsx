import { type ClipboardEvent, type DragEvent, useRef, useState } from 'react';

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * Files dropped or pasted onto an area (the card page) start uploading. What a part of the area handles itself (the
 * card body puts images in the document, the composer attaches to the message) is marked with preventDefault and
 * left alone here.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => unknown) {
  const [active, setActive] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them to know when the pointer really left.
  const depth = useRef(0);

  const handlers = enabled
    ? {
        onDragEnter(event: DragEvent) {
          if (!carriesFiles(event)) return;
          depth.current += 1;
          setActive(true);
        },
        onDragLeave(event: DragEvent) {
          if (!carriesFiles(event)) return;
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setActive(false);
        },
        onDragOver(event: DragEvent) {
          if (!carriesFiles(event) || event.defaultPrevented) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        },
        onDrop(event: DragEvent) {
          depth.current = 0;
          setActive(false);
          if (event.defaultPrevented || event.dataTransfer.files.length === 0) return;
          event.preventDefault();
          onFiles(Array.from(event.dataTransfer.files));
        },
        onPaste(event: ClipboardEvent) {
          if (event.defaultPrevented || event.clipboardData.files.length === 0) return;
          event.preventDefault();
          onFiles(Array.from(event.clipboardData.files));
        },
      }
    : {};
  return { active, handlers };
}

/** Shown over the card while files are dragged over it. */
export function DropOverlay() {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center rounded-xl border-2 border-dashed border-primary bg-primary-soft/80 text-lg font-medium text-fg"
    >
      Drop files to attach them to this card
    </div>
  );
}
