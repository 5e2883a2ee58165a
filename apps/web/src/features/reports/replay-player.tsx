import type { eventWithTime } from '@rrweb/types';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { fetchReplayEvents } from './api';

/** rrweb needs a full snapshot and something after it to play anything. */
const fewestPlayableEvents = 2;

/**
 * The session replay recorded with an error or a report: a **Play replay** button, then rrweb-player in the page.
 * The player (and its stylesheet) is fetched only when someone asks for it.
 */
export function ReplayPlayer({ replayId }: { replayId: string }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
        Play replay
      </Button>
    );
  }
  return <LoadedReplay replayId={replayId} />;
}

function LoadedReplay({ replayId }: { replayId: string }) {
  const events = useQuery({
    queryKey: ['admin', 'replay', replayId],
    queryFn: () => fetchReplayEvents(replayId),
    // A missing replay usually means its segments are still on their way (the SDK sends them a few seconds late).
    retry: false,
  });
  if (events.isPending) return <DotsLoader />;
  if (events.isError) {
    const missing = events.error instanceof ApiRequestError && events.error.status === 404;
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <p className={missing ? 'text-muted' : 'text-danger'}>
          {missing ? 'The replay has not arrived yet.' : 'The replay could not be loaded.'}
        </p>
        <Button variant="secondary" onClick={() => void events.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (events.data.length < fewestPlayableEvents) {
    return <p className="mt-3 text-sm text-muted">This replay recorded too little to play.</p>;
  }
  // Validated for the fields every event has; rrweb reads the rest of each event by its type.
  return <PlayerMount events={events.data as unknown as eventWithTime[]} />;
}

function PlayerMount({ events }: { events: eventWithTime[] }) {
  const target = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    Promise.all([import('rrweb-player'), import('rrweb-player/dist/style.css')])
      .then(([{ default: Player }]) => {
        if (cancelled) return;
        const width = Math.min(element.clientWidth, 1024);
        const player = new Player({
          target: element,
          props: { events, width, height: Math.round(width * 0.56), autoPlay: false, skipInactive: true },
        });
        stop = () => player.getReplayer().destroy();
      })
      .catch((error: unknown) => {
        console.warn('The replay player could not start', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      stop?.();
      element.replaceChildren();
    };
  }, [events]);

  if (failed) return <p className="mt-3 text-sm text-danger">The replay player could not start.</p>;
  return <section ref={target} className="mt-3 w-full overflow-x-auto" aria-label="Session replay" />;
}
