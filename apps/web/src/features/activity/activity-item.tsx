import { formatExactTime, formatRelativeTime } from '../../lib/relative-time';
import { Avatar } from '../../ui/avatar';
import type { ProjectMember } from '../projects/api';
import { activitySentence } from './activity-sentence';
import type { ClientActivity } from './api';

export interface ActivityItemProps {
  activity: ClientActivity;
  /** The actor as a current member, for their photo and colour; a former member shows initials. */
  member: ProjectMember | undefined;
  now: number;
}

/** One entry of the history: who (or the system), what, and when. */
export function ActivityItem({ activity, member, now }: ActivityItemProps) {
  return (
    <li className="flex items-start gap-3 px-3 py-2">
      {activity.actor ? (
        <Avatar name={activity.actor.name} color={member?.color ?? ''} avatarUrl={member?.avatarUrl ?? ''} size={28} />
      ) : (
        <SystemAvatar />
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words">{activitySentence(activity)}</p>
        <time dateTime={activity.createdAt} title={formatExactTime(activity.createdAt)} className="text-xs text-muted">
          {formatRelativeTime(activity.createdAt, now)}
        </time>
      </div>
    </li>
  );
}

/** What stands for the system where a person's avatar would be. Decorative, like Avatar. */
function SystemAvatar() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-surface-strong text-muted"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 16 16"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <circle cx="8" cy="8" r="2.25" />
        <path
          d="M8 1.75v1.5m0 9.5v1.5M1.75 8h1.5m9.5 0h1.5M3.6 3.6l1.06 1.06m6.68 6.68 1.06 1.06M3.6 12.4l1.06-1.06m6.68-6.68 1.06-1.06"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
