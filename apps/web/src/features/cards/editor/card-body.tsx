import { useEffect } from 'react';
import { DotsLoader } from '../../../ui/dots-loader';
import type { ClientFile } from '../../files/api';
import { CardEditor } from './card-editor';
import type { PresentUser } from './presence';
import { type CollabStatus, useCardProvider } from './use-card-provider';

export interface CardBodyProps {
  cardId: string;
  selfId: string;
  /** Who each user id on the card is (the project's members): names and colours of the others' carets. */
  people: ReadonlyMap<string, PresentUser>;
  /** What the project role allows; the server has the last word (a demotion arrives while editing). */
  canEdit: boolean;
  onPresenceChange(userIds: string[]): void;
  /** Uploads images pasted or dropped into the body (to the card's files); resolves with those stored. */
  onImageFiles?: (files: File[]) => Promise<ClientFile[]>;
}

const statusText: Record<Exclude<CollabStatus, 'synced'> | 'reconnecting', string> = {
  connecting: 'Connecting…',
  offline: 'Offline: your changes are kept and sent when the connection is back.',
  reconnecting: 'Offline. Trying to connect…',
  refused: 'This card’s body is no longer available to you.',
};

/** The live body (a lazy chunk with TipTap, Yjs and the Hocuspocus provider), with its connection state. */
export default function CardBody({ cardId, selfId, people, canEdit, onPresenceChange, onImageFiles }: CardBodyProps) {
  const { collab, status, loaded, readOnly, presentIds } = useCardProvider(cardId, selfId, !canEdit);
  useEffect(() => onPresenceChange(presentIds), [presentIds, onPresenceChange]);

  if (status === 'refused') {
    return (
      <p role="alert" className="rounded-xl border border-danger bg-danger-soft px-4 py-6 text-center">
        {statusText.refused}
      </p>
    );
  }
  if (!collab || !loaded) {
    return (
      <div className="flex flex-col items-center gap-2 py-16">
        <DotsLoader label="Loading the card’s body" />
        {status === 'offline' ? <p className="text-sm text-muted">{statusText.reconnecting}</p> : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <CardEditor
        collab={collab}
        selfId={selfId}
        people={people}
        editable={canEdit && !readOnly}
        onImageFiles={onImageFiles}
      />
      <p role="status" className="min-h-5 text-xs text-muted">
        {status === 'synced' ? (readOnly ? 'Read only' : '') : statusText[status]}
      </p>
    </div>
  );
}
