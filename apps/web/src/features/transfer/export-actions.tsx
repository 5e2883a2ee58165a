import { Button, buttonClassName } from '../../ui/button';
import { ariaDisabledLook } from './aria-disabled-look';

export interface ExportActionsProps {
  /** The finished export's signed link, when there is one to download. */
  downloadUrl: string | null;
  /** An export is being asked for or made: a second one would only repeat it. */
  busy: boolean;
  onExport(): void;
}

/** Download the finished zip, or make a new export (again after a failure, or to have a fresher copy). */
export function ExportActions({ downloadUrl, busy, onExport }: ExportActionsProps) {
  function handleExport(): void {
    if (!busy) onExport();
  }

  return (
    <div className="flex flex-wrap gap-2">
      {downloadUrl ? (
        <a href={downloadUrl} download className={buttonClassName()}>
          Download export
        </a>
      ) : null}
      <Button
        variant={downloadUrl ? 'secondary' : 'primary'}
        className={ariaDisabledLook}
        aria-disabled={busy}
        onClick={handleExport}
      >
        Export project
      </Button>
    </div>
  );
}
