import type { ProjectRole } from '@deckhand/contract/projects';
import type { ExportMember } from '@deckhand/contract/transfer';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema/users';

export interface Importer {
  userId: string;
  name: string;
  email: string;
}

export interface People {
  /** The account here of a person of the file, by the file's user id; undefined for those without one. */
  local(fileUserId: string | null): string | undefined;
  /** Who becomes a member, and as what: the importer owns the project, the others keep their role. */
  members: { userId: string; role: ProjectRole }[];
  warnings: string[];
}

/**
 * Matches the file's people to accounts here by email. The importer is the owner whatever the file says; a
 * file's owner who has an account becomes an admin (a project has one owner). People without an account are
 * named in the warnings, and what they wrote keeps their name.
 */
export async function matchPeople(db: Db, importer: Importer, fileMembers: ExportMember[]): Promise<People> {
  const emails = [...new Set(fileMembers.map((member) => member.email.trim().toLowerCase()))];
  const accounts = emails.length
    ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
    : [];
  const byEmail = new Map(accounts.map((account) => [account.email, account.id]));
  const local = new Map<string, string>();
  const roles = new Map<string, ProjectRole>([[importer.userId, 'owner']]);
  const warnings: string[] = [];
  for (const member of fileMembers) {
    const userId = byEmail.get(member.email.trim().toLowerCase());
    if (!userId) {
      warnings.push(
        `${member.name} (${member.email}) has no account here and was not added: what they wrote keeps their name.`,
      );
      continue;
    }
    local.set(member.user_id, userId);
    if (!roles.has(userId)) roles.set(userId, member.role === 'owner' ? 'admin' : member.role);
  }
  return {
    local: (fileUserId) => (fileUserId ? local.get(fileUserId) : undefined),
    members: [...roles].map(([userId, role]) => ({ userId, role })),
    warnings,
  };
}
