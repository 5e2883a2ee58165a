import type { TrelloBoard } from './trello-board';
import { sameName } from './trello-text';

interface Absentee {
  name: string;
  comments: number;
  assignments: number;
}

export interface TrelloPeople {
  /** The name Trello shows for a member: the action's own copy first, then the board's member list. */
  nameOf(memberId: string | null, fullName?: string | null): string;
  isImporter(memberId: string | null, fullName?: string | null): boolean;
  noteComment(memberId: string | null, name: string): void;
  noteAssignment(memberId: string): void;
  /** One for each person without an account here, saying what became of their comments and assignments. */
  warnings(): string[];
}

/**
 * Trello's people as seen from a new project, whose only member is the person importing: a Trello member is that
 * person when the full names match, and anyone else has no account here. Counts what each of the others did, so
 * one warning per person can say what became of it.
 */
export function createTrelloPeople(board: TrelloBoard, importerName: string): TrelloPeople {
  const members = new Map(board.members.map((member) => [member.id, member]));
  const absent = new Map<string, Absentee>();

  function fullNameOf(memberId: string | null, fullName?: string | null): string {
    const member = memberId === null ? undefined : members.get(memberId);
    return fullName?.trim() || member?.fullName?.trim() || '';
  }

  function nameOf(memberId: string | null, fullName?: string | null): string {
    const member = memberId === null ? undefined : members.get(memberId);
    return fullNameOf(memberId, fullName) || member?.username?.trim() || 'A Trello member';
  }

  // Only the full name: a username is Trello's handle, not what the person is called here.
  function isImporter(memberId: string | null, fullName?: string | null): boolean {
    return sameName(fullNameOf(memberId, fullName), importerName);
  }

  function absentee(memberId: string | null, name: string): Absentee {
    // Comments by someone Trello no longer lists still come with a name; key those by it.
    const key = memberId ?? `name:${name}`;
    const known = absent.get(key);
    if (known) return known;
    const fresh = { name, comments: 0, assignments: 0 };
    absent.set(key, fresh);
    return fresh;
  }

  return {
    nameOf,
    isImporter,
    noteComment(memberId: string | null, name: string): void {
      absentee(memberId, name).comments += 1;
    },
    noteAssignment(memberId: string): void {
      absentee(memberId, nameOf(memberId)).assignments += 1;
    },
    warnings(): string[] {
      return [...absent.values()].map(({ name, comments, assignments }) => {
        const fates = [
          comments === 1 ? 'their comment is posted in your name and starts with theirs' : '',
          comments > 1 ? `their ${comments} comments are posted in your name and start with theirs` : '',
          assignments === 1 ? 'they are left off the task assigned to them' : '',
          assignments > 1 ? `they are left off the ${assignments} tasks assigned to them` : '',
        ].filter(Boolean);
        return `${name} has no account here: ${fates.join(', and ')}.`;
      });
    },
  };
}
