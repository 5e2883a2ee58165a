import { z } from 'zod';

/** Roles within a project, least to most powerful (DESIGN.md §5). */
export const projectRoles = ['viewer', 'member', 'admin', 'owner'] as const;
export type ProjectRole = (typeof projectRoles)[number];

/**
 * Whether `role` holds at least the powers of `minimum` (roles are ordered in `projectRoles`);
 * `null` (not a member of the project) holds none.
 */
export function roleAtLeast(role: ProjectRole | null, minimum: ProjectRole): boolean {
  if (role === null) return false;
  return projectRoles.indexOf(role) >= projectRoles.indexOf(minimum);
}
/** Roles that can be given by invitation or role change; ownership moves only by transfer. */
export const assignableRoles = ['viewer', 'member', 'admin'] as const;
export type AssignableRole = (typeof assignableRoles)[number];

export const projectLimits = { nameMaxLength: 80, descriptionMaxLength: 2000, avatarsInList: 5 } as const;
/** Days an invitation link stays valid. */
export const invitationLifetimeDays = 7;

export const ProjectParams = z.object({ projectId: z.uuid() });
export type ProjectParams = z.infer<typeof ProjectParams>;
export const MemberParams = z.object({ projectId: z.uuid(), userId: z.uuid() });
export type MemberParams = z.infer<typeof MemberParams>;
export const InvitationParams = z.object({ projectId: z.uuid(), invitationId: z.uuid() });
export type InvitationParams = z.infer<typeof InvitationParams>;
export const InvitationTokenParams = z.object({ token: z.string().min(1).max(200) });
export type InvitationTokenParams = z.infer<typeof InvitationTokenParams>;

/** What the caller may do here, decided by the server's policy so the web never re-derives it. */
export const ProjectAbilities = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  manage_members: z.boolean(),
  transfer: z.boolean(),
  write: z.boolean(),
  /** Everyone but the owner may leave. */
  leave: z.boolean(),
  /** Add, edit, reorder and delete the board's statuses (its columns). */
  manage_statuses: z.boolean(),
  /** Delete files whoever uploaded them; uploaders who may write delete their own either way. */
  delete_any_file: z.boolean(),
  /** Export the whole project as a zip. */
  export: z.boolean(),
  /** Add, change and watch the project's webhooks. */
  manage_webhooks: z.boolean(),
});
export type ProjectAbilities = z.infer<typeof ProjectAbilities>;

export const MemberAvatar = z.object({
  user_id: z.uuid(),
  name: z.string(),
  avatar_url: z.string(),
  color: z.string(),
});
export type MemberAvatar = z.infer<typeof MemberAvatar>;

export const Project = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  role: z.enum(projectRoles),
  abilities: ProjectAbilities,
  member_count: z.number().int(),
  /** The first few members, for avatars in lists. */
  members: z.array(MemberAvatar),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Project = z.infer<typeof Project>;

const ProjectName = z.string().trim().min(1, 'Name must not be empty').max(projectLimits.nameMaxLength);
const ProjectDescription = z.string().trim().max(projectLimits.descriptionMaxLength);

export const CreateProjectInput = z.strictObject({ name: ProjectName, description: ProjectDescription.optional() });
export type CreateProjectInput = z.infer<typeof CreateProjectInput>;
export const UpdateProjectInput = z.strictObject({
  name: ProjectName.optional(),
  description: ProjectDescription.optional(),
});
export type UpdateProjectInput = z.infer<typeof UpdateProjectInput>;

export const Member = z.object({
  id: z.string(),
  user_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string(),
  color: z.string(),
  role: z.enum(projectRoles),
  joined_at: z.iso.datetime(),
  /** What the caller may do to this member. */
  abilities: z.object({ change_role: z.boolean(), remove: z.boolean() }),
});
export type Member = z.infer<typeof Member>;

export const Invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(assignableRoles),
  invited_by: z.object({ user_id: z.uuid().nullable(), name: z.string() }),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
});
export type Invitation = z.infer<typeof Invitation>;

/** Members, and for admins the pending invitations (empty for everyone else). */
export const MemberList = z.object({ members: z.array(Member), invitations: z.array(Invitation) });
export type MemberList = z.infer<typeof MemberList>;

export const AddMemberInput = z.strictObject({ email: z.string().max(1000), role: z.enum(assignableRoles) });
export type AddMemberInput = z.infer<typeof AddMemberInput>;
export const UpdateMemberInput = z.strictObject({ role: z.enum(assignableRoles) });
export type UpdateMemberInput = z.infer<typeof UpdateMemberInput>;
export const TransferInput = z.strictObject({ user_id: z.uuid() });
export type TransferInput = z.infer<typeof TransferInput>;

/** What an invitation link shows before it is accepted. */
export const InvitationPreview = z.object({
  project: z.object({ id: z.uuid(), name: z.string() }),
  inviter: z.object({ name: z.string() }),
  email: z.string(),
  role: z.enum(assignableRoles),
  expires_at: z.iso.datetime(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const AcceptedInvitation = z.object({ project_id: z.uuid() });
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>;
