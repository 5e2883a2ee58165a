import type { ProjectRole } from '@deckhand/contract/projects';
import type { EventBase } from '../../platform/domain-events';

/** A person a membership change was about, named as they were then. */
export interface MemberRef {
  userId: string;
  name: string;
}

/** The domain events of projects and their members. */
export interface ProjectEvents {
  'project.created': EventBase & { projectId: string; name: string };
  /**
   * An import (modules/transfer) finished writing a project and gave it its members: everything in it arrived at
   * once, without events of its own. `members` are everyone added, the importer (the owner) among them.
   */
  'project.imported': EventBase & {
    projectId: string;
    name: string;
    members: { userId: string; role: ProjectRole }[];
    /** The file brought the project's history (a Deckhand export): the import adds none of its own. */
    withHistory: boolean;
  };
  /** A change of name and/or description; `previousName` equals `name` when only the description changed. */
  'project.updated': EventBase & { projectId: string; name: string; previousName: string };
  /**
   * `memberIds`: who belonged to it. Recorded before its rows go (the command settles its parts first), so the
   * files area reads the stored objects to remove within the deletion.
   */
  'project.deleted': EventBase & { projectId: string; name: string; memberIds: string[] };
  /** Directly or by accepting an invitation (then `invitedBy` is who invited them, and `actor` is the member). */
  'member.added': EventBase & { projectId: string; member: MemberRef; role: ProjectRole; invitedBy: string | null };
  /** Also each side of an ownership transfer. */
  'member.role_changed': EventBase & { projectId: string; member: MemberRef; from: ProjectRole; to: ProjectRole };
  /** Removed by an admin, or left (`actor` is the member). */
  'member.removed': EventBase & { projectId: string; member: MemberRef; role: ProjectRole };
  /**
   * The project's pending invitations changed (created, renewed, revoked or accepted). `mail`: a link was issued,
   * and this is what the invitee is mailed; the token exists nowhere else (the row keeps its hash), so it rides
   * the outbox until the mail has gone.
   */
  'invitation.changed': EventBase & { projectId: string; mail?: InvitationMail };
}

/** The invitation mail as of the moment its link was issued. */
export interface InvitationMail {
  to: string;
  token: string;
  inviterName: string;
  projectName: string;
}
