/** Above this the badge says "99+". */
const badgeMax = 99;

/** Spec §4: the unread count never goes below 0, whatever arithmetic or answer led here. */
export function clampUnreadCount(count: number): number {
  return Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0;
}

/** What the badge shows, or null for no badge. */
export function unreadBadgeText(count: number): string | null {
  const clamped = clampUnreadCount(count);
  if (clamped === 0) return null;
  return clamped > badgeMax ? `${badgeMax}+` : String(clamped);
}

/** The header button's accessible name (DESIGN.md §6): "Notifications, 3 unread", or "Notifications". */
export function notificationsButtonLabel(count: number): string {
  const clamped = clampUnreadCount(count);
  return clamped > 0 ? `Notifications, ${clamped} unread` : 'Notifications';
}
