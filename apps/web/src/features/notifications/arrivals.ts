/**
 * True when the unread count rose since it was last seen, which only a new notification can cause. The first
 * value seen (`previous` undefined: the page just loaded) is never an arrival: those notifications were already there.
 */
export function countWentUp(previous: number | undefined, next: number): boolean {
  return previous !== undefined && next > previous;
}

/**
 * Whether `newest` deserves a toast: it is unread and newer than the last one announced. Ids are UUIDv7, so their
 * order is the order in which notifications were created.
 */
export function isNewArrival(newest: { id: string; isRead: boolean }, lastAnnouncedId: string | null): boolean {
  if (newest.isRead) return false;
  return lastAnnouncedId === null || newest.id.toLowerCase() > lastAnnouncedId.toLowerCase();
}
