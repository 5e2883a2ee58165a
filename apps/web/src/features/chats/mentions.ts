/** A member who can be mentioned. */
export interface Mentionable {
  userId: string;
  name: string;
}

/** The `@word` being typed just before the caret, if any: where it starts and what follows the `@`. */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,30})$/u.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Members whose name has a word starting with `query` (case-insensitive), the closest first, at most `limit`. */
export function matchMembers<T extends Mentionable>(members: readonly T[], query: string, limit = 8): T[] {
  const needle = query.toLocaleLowerCase();
  const scored = members
    .map((member) => {
      const name = member.name.toLocaleLowerCase();
      if (name.startsWith(needle)) return { member, score: 0 };
      if (name.split(/\s+/).some((word) => word.startsWith(needle))) return { member, score: 1 };
      return null;
    })
    .filter((entry) => entry !== null);
  scored.sort((a, b) => a.score - b.score || a.member.name.localeCompare(b.member.name));
  return scored.slice(0, limit).map((entry) => entry.member);
}

/** The text with the `@query` at `start` replaced by `@Name `, and where the caret goes after it. */
export function insertMention(
  text: string,
  mention: { start: number; query: string },
  member: Mentionable,
): { text: string; caret: number } {
  const inserted = `@${member.name} `;
  const end = mention.start + 1 + mention.query.length;
  return { text: text.slice(0, mention.start) + inserted + text.slice(end), caret: mention.start + inserted.length };
}

/** Who is still mentioned when the message is sent: picked members whose `@Name` is still in the text. */
export function mentionedIds(text: string, picked: readonly Mentionable[]): string[] {
  const ids = picked.filter((member) => text.includes(`@${member.name}`)).map((member) => member.userId);
  return [...new Set(ids)];
}
