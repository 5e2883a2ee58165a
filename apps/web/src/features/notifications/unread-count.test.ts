import { describe, expect, it } from 'vitest';
import { clampUnreadCount, notificationsButtonLabel, unreadBadgeText } from './unread-count';

describe('clampUnreadCount', () => {
  it('never goes below 0 and keeps whole numbers', () => {
    expect(clampUnreadCount(3)).toBe(3);
    expect(clampUnreadCount(0)).toBe(0);
    expect(clampUnreadCount(-1)).toBe(0);
    expect(clampUnreadCount(2.7)).toBe(2);
    expect(clampUnreadCount(Number.NaN)).toBe(0);
  });
});

describe('unreadBadgeText', () => {
  it('shows nothing for 0, the count up to 99, then 99+', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(-4)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});

describe('notificationsButtonLabel', () => {
  it('names the count only when there is one', () => {
    expect(notificationsButtonLabel(0)).toBe('Notifications');
    expect(notificationsButtonLabel(-2)).toBe('Notifications');
    expect(notificationsButtonLabel(3)).toBe('Notifications, 3 unread');
    expect(notificationsButtonLabel(250)).toBe('Notifications, 250 unread');
  });
});
