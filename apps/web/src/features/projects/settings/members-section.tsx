import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-context';
import { DotsLoader } from '../../../ui/dots-loader';
import { RetryPanel } from '../../../ui/retry-panel';
import { SettingsSection } from '../../../ui/settings-section';
import { type ProjectDetails, projectMembersQuery } from '../api';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';
import { MemberRow } from './member-row';

export interface MembersSectionProps {
  project: ProjectDetails;
}

/** Who is in the project and with which role; admins also invite people and manage pending invitations. */
export function MembersSection({ project }: MembersSectionProps) {
  const { user } = useAuth();
  const { data, isError, isRefetching, refetch } = useQuery(projectMembersQuery(project.id));
  const canManage = project.abilities.manageMembers;

  return (
    <>
      <SettingsSection title="Members">
        {data === undefined ? (
          isError ? (
            <RetryPanel message="The members could not be loaded." onRetry={() => refetch()} retrying={isRefetching} />
          ) : (
            <DotsLoader label="Loading members" className="py-6" />
          )
        ) : (
          <div className="-mx-2 overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-border text-muted">
                  <th scope="col" className="px-2 py-2 font-medium">
                    Name
                  </th>
                  <th scope="col" className="hidden px-2 py-2 font-medium sm:table-cell">
                    Email
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">
                    Role
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.members.map((member) => (
                  <MemberRow
                    key={member.userId}
                    projectId={project.id}
                    member={member}
                    isMe={member.userId === user?.id}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SettingsSection>
      {canManage ? (
        <SettingsSection
          title="Invite people"
          description="People who already have an account join at once; anyone else gets an invitation by email."
        >
          <InviteForm projectId={project.id} />
        </SettingsSection>
      ) : null}
      {canManage && data ? <InvitationList projectId={project.id} invitations={data.invitations} /> : null}
    </>
  );
}
