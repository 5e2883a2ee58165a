import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type ProjectMember, projectMembersQuery } from '../projects/api';

/** The project's members by user id: whom tasks can be assigned to, and how their avatars look. */
export function useMembersById(projectId: string): Map<string, ProjectMember> {
  const members = useQuery(projectMembersQuery(projectId));
  return useMemo(() => new Map((members.data?.members ?? []).map((member) => [member.userId, member])), [members.data]);
}
