import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { handleActivityEvent } from '../features/activity/live';
import { handleCardEvent } from '../features/cards/live';
import { handleChatEvent } from '../features/chats/live';
import { handleFileEvent } from '../features/files/live';
import { handleNotificationEvent } from '../features/notifications/live';
import { handleProjectEvent } from '../features/projects/live';
import { handleTaskEvent } from '../features/tasks/live';
import { handleTransferEvent } from '../features/transfer/live';
import { useAuth } from '../lib/auth-context';
import { invalidateWithoutAbsorbing } from '../lib/live/invalidate-without-absorbing';
import { createLiveBus } from '../lib/live/live-bus';
import { connectLiveSocket } from '../lib/live/live-socket';
import { liveUrl } from '../lib/live/live-url';
import { LiveContext } from '../lib/live/use-live-event';

/**
 * The live channel while someone is signed in (it sits in the signed-in shell, so its code stays out of the
 * first load of / and /login). Each feature's handler turns events into query invalidations; components that
 * must do more (leave a deleted project) listen with useLiveEvent.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { token, user } = useAuth();
  const queryClient = useQueryClient();
  const [bus] = useState(createLiveBus);
  // Read at each (re)connect: a refreshed token needs no reconnect until the socket closes (4401 on expiry).
  const current = useRef({ token, userId: user?.id ?? null });
  useEffect(() => {
    current.current = { token, userId: user?.id ?? null };
  });
  const signedIn = token !== null;

  useEffect(() => {
    if (!signedIn) return;
    const socket = connectLiveSocket({
      url: () => (current.current.token ? liveUrl(current.current.token) : null),
      // Whatever changed while the socket was down (or was lost on the server's side) was not heard: fetch again
      // what the page shows.
      onConnected: () => invalidateWithoutAbsorbing(queryClient, () => void queryClient.invalidateQueries()),
      onEvent: (event) => {
        invalidateWithoutAbsorbing(queryClient, () => {
          handleProjectEvent(queryClient, event, current.current.userId);
          handleNotificationEvent(queryClient, event);
          handleCardEvent(queryClient, event);
          handleChatEvent(queryClient, event);
          handleTaskEvent(queryClient, event);
          handleFileEvent(queryClient, event);
          handleActivityEvent(queryClient, event);
          handleTransferEvent(queryClient, event);
        });
        bus.emit(event);
      },
    });
    return () => socket.close();
  }, [signedIn, queryClient, bus]);

  return <LiveContext value={bus}>{children}</LiveContext>;
}
