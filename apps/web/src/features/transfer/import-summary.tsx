import { type RefObject, useId } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../ui/button';
import type { ClientImport } from './api';
import { formatImportCounts } from './format';

export interface ImportSummaryProps {
  imported: ClientImport;
  projectId: string;
  /** Focused when the summary appears, so the keyboard is where the next step is. */
  openLinkRef: RefObject<HTMLAnchorElement | null>;
}

const sourceLabels = { deckhand: 'Deckhand export', trello: 'Trello board' } as const;

/** A finished import: what came in, what was left out or changed on the way (warnings), and the new project. */
export function ImportSummary({ imported, projectId, openLinkRef }: ImportSummaryProps) {
  const warningsId = useId();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <p className="font-medium">The {sourceLabels[imported.kind]} was imported into a new project.</p>
        <p className="mt-1 text-sm text-muted">{formatImportCounts(imported.counts)}</p>
      </div>
      {imported.warnings.length > 0 ? (
        <section aria-labelledby={warningsId} className="rounded-md border border-warning bg-warning-soft p-3 text-sm">
          <h3 id={warningsId} className="font-semibold">
            Warnings
          </h3>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {imported.warnings.map((warning, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders, and two warnings may be equal
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="flex justify-end">
        <Link ref={openLinkRef} to={`/${projectId}`} className={buttonClassName()}>
          Open project
        </Link>
      </div>
    </div>
  );
}
