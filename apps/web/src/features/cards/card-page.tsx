import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorCodeOf } from '../../lib/api';
import { useAuth } from '../../lib/auth-context';
import { isId } from '../../lib/ids';
import { useLiveEvent } from '../../lib/live/use-live-event';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { EmptyState } from '../../ui/empty-state';
import { RetryPanel } from '../../ui/retry-panel';
import { toast } from '../../ui/toast';
import { ActivitySection } from '../activity/activity-section';
import { ChatsPanel } from '../chats/chats-panel';
import { CardFiles } from '../files/card-files';
import { DropOverlay, useFileDrop } from '../files/use-file-drop';
import { useUploads } from '../files/use-uploads';
import { projectMembersQuery } from '../projects/api';
import { useRouteProject } from '../projects/use-route-project';
import { CardTasks } from '../tasks/card-tasks';
import { type ClientCard, cardKeys, cardQuery, useUpdateCard } from './api';
import { CardMenu } from './card-menu';
import { CardTitleField } from './card-title-field';
import { peopleById, presentPeople } from './editor/presence';
import { PresenceAvatars } from './presence-avatars';

/** TipTap, Yjs and the Hocuspocus provider: loaded with the first card opened, never on / or /login. */
const loadCardBody = () => import('./editor/card-body');
const CardBody = lazy(loadCardBody);

/** /:id/cards/:cardId and /:id/cards/:cardId/chats/:chatId — the body and the chats side by side. */
export function CardPage() {
  const project = useRouteProject();
  const { cardId = '', chatId } = useParams();
  const validId = isId(cardId);
  const card = useQuery({ ...cardQuery(cardId), enabled: validId });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The page's largest chunk, fetched and compiled while the card loads rather than once it has arrived.
  useEffect(() => {
    void loadCardBody();
  }, []);

  useLiveEvent((event) => {
    if (event.type !== 'card_deleted' || event.card_id !== cardId) return;
    queryClient.removeQueries({ queryKey: cardKeys.detail(cardId) });
    toast.info('This card was deleted.');
    void navigate(`/${project.id}`, { replace: true });
  });

  const backLink = (
    <Link to={`/${project.id}`} className="text-sm text-muted hover:text-fg">
      ← All cards
    </Link>
  );
  const missing = !validId || errorCodeOf(card.error) === 'cards/not-found';
  if (missing || (card.data !== undefined && card.data.projectId !== project.id)) {
    return (
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <title>{`Card not found · ${project.name} · Deckhand`}</title>
        <EmptyState title="This card does not exist" action={backLink}>
          It may have been deleted, or the link is mistyped.
        </EmptyState>
      </main>
    );
  }
  if (card.data === undefined) {
    return (
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {card.isError ? (
          <RetryPanel
            message="This card could not be loaded."
            onRetry={() => card.refetch()}
            retrying={card.isRefetching}
          />
        ) : (
          <DotsLoader label="Loading card" className="py-16" />
        )}
      </main>
    );
  }
  return (
    <CardView
      card={card.data}
      chatId={chatId}
      canWrite={project.abilities.write}
      canManage={project.abilities.deleteAnyFile}
      backLink={backLink}
    />
  );
}

interface CardViewProps {
  card: ClientCard;
  chatId: string | undefined;
  canWrite: boolean;
  canManage: boolean;
  backLink: ReactNode;
}

function CardView({ card, chatId, canWrite, canManage, backLink }: CardViewProps) {
  const project = useRouteProject();
  const { user } = useAuth();
  const members = useQuery(projectMembersQuery(project.id));
  // Presence says only who (user ids, as the server authenticated them); the member list says how they look.
  const people = useMemo(
    () =>
      peopleById(
        members.data?.members ?? [],
        user ? { userId: user.id, name: user.name, color: user.color, avatarUrl: user.avatarUrl } : null,
      ),
    [members.data, user],
  );
  const [presentIds, setPresentIds] = useState<string[]>([]);
  const onPresenceChange = useCallback((userIds: string[]) => setPresentIds(userIds), []);
  const uploads = useUploads({ projectId: project.id, cardId: card.id });
  const drop = useFileDrop(canWrite, uploads.start);
  if (!user) return null;

  return (
    <main className="relative mx-auto w-full max-w-7xl flex-1 px-4 py-4" {...drop.handlers}>
      {drop.active ? <DropOverlay /> : null}
      <title>{`${card.title} · ${project.name} · Deckhand`}</title>
      <h2 className="sr-only">{card.title}</h2>
      <div className="mb-2">{backLink}</div>
      <div className="mb-4 flex items-center gap-3">
        <CardTitleField card={card} />
        <PresenceAvatars users={presentPeople(presentIds, people)} />
        <CardMenu card={card} />
      </div>
      {card.archived ? <ArchivedNotice card={card} /> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(22rem,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-label="Body" className="min-w-0">
            <Suspense fallback={<DotsLoader label="Loading the editor" className="py-16" />}>
              <CardBody
                cardId={card.id}
                selfId={user.id}
                people={people}
                canEdit={canWrite}
                onPresenceChange={onPresenceChange}
                onImageFiles={canWrite ? uploads.start : undefined}
              />
            </Suspense>
          </section>
          <CardTasks projectId={project.id} cardId={card.id} canWrite={canWrite} />
          <CardFiles
            projectId={project.id}
            cardId={card.id}
            canWrite={canWrite}
            canManage={canManage}
            myUserId={user.id}
            uploads={uploads}
          />
          <ActivitySection projectId={project.id} filter={{ cardId: card.id }} bounded />
        </div>
        <section aria-label="Discussion" className="min-w-0">
          <ChatsPanel projectId={project.id} cardId={card.id} chatId={chatId} myUserId={user.id} canWrite={canWrite} />
        </section>
      </div>
    </main>
  );
}

function ArchivedNotice({ card }: { card: ClientCard }) {
  const update = useUpdateCard(card);
  return (
    <div role="status" className="mb-4 flex items-center justify-between gap-3 rounded-lg bg-warning-soft px-4 py-2">
      <p>This card is archived: it is hidden from the project’s cards.</p>
      {card.abilities.edit ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => update.mutate({ archived: false })}
          disabled={update.isPending}
        >
          Restore
        </Button>
      ) : null}
    </div>
  );
}
