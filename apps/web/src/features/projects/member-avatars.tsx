import { Avatar } from '../../ui/avatar';
import type { ProjectDetails } from './api';

export interface MemberAvatarsProps {
  members: ProjectDetails['members'];
  memberCount: number;
}

/** The first few members' avatars, then "+N" for the rest; read out as a count. */
export function MemberAvatars({ members, memberCount }: MemberAvatarsProps) {
  const hidden = memberCount - members.length;
  return (
    <div className="flex items-center">
      <span className="sr-only">{memberCount === 1 ? '1 member' : `${memberCount} members`}</span>
      <div aria-hidden="true" className="flex -space-x-2">
        {members.map((member) => (
          <span key={member.userId} title={member.name} className="rounded-full ring-2 ring-bg">
            <Avatar name={member.name} color={member.color} avatarUrl={member.avatarUrl} size={28} />
          </span>
        ))}
      </div>
      {hidden > 0 ? (
        <span aria-hidden="true" className="ml-2 text-sm font-medium text-muted">
          +{hidden}
        </span>
      ) : null}
    </div>
  );
}
