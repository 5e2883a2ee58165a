import { Menu } from '../../ui/menu';
import { MenuItem } from '../../ui/menu-item';
import type { ClientMessage } from './api';

/** The emoji offered by Add reaction; any single emoji is accepted by the server. */
export const quickReactions = ['👍', '❤️', '😄', '🎉', '😮', '😢', '🙏', '👀'] as const;

export interface ReactionsProps {
  message: ClientMessage;
  myUserId: string;
  /** Absent for viewers: they see reactions but cannot react. */
  onToggle?(emoji: string, on: boolean): void;
}

function reactionLabel(emoji: string, count: number, mine: boolean): string {
  const people = `${count} ${count === 1 ? 'reaction' : 'reactions'}`;
  return `${emoji} ${people}${mine ? ', including yours' : ''}`;
}

/** The message's reactions as toggles (pressed: one of them is mine), and the Add reaction menu. */
export function Reactions({ message, myUserId, onToggle }: ReactionsProps) {
  if (message.reactions.length === 0 && !onToggle) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1">
      {message.reactions.map((reaction) => {
        const mine = reaction.userIds.includes(myUserId);
        return (
          <button
            key={reaction.emoji}
            type="button"
            aria-pressed={mine}
            aria-label={reactionLabel(reaction.emoji, reaction.count, mine)}
            disabled={!onToggle}
            onClick={() => onToggle?.(reaction.emoji, !mine)}
            className="inline-flex min-h-7 items-center gap-1 rounded-full border border-border px-2 text-sm aria-pressed:border-primary aria-pressed:bg-primary-soft disabled:cursor-default"
          >
            <span aria-hidden="true">{reaction.emoji}</span>
            <span aria-hidden="true">{reaction.count}</span>
          </button>
        );
      })}
      {onToggle ? (
        <Menu
          align="start"
          trigger={
            <button
              type="button"
              aria-label="Add reaction"
              title="Add reaction"
              className="inline-flex min-h-7 items-center rounded-full border border-transparent px-2 text-sm text-muted hover:border-border hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span aria-hidden="true">☺+</span>
            </button>
          }
        >
          <div className="grid grid-cols-4 gap-0.5">
            {quickReactions.map((emoji) => {
              const mine = message.reactions.some((r) => r.emoji === emoji && r.userIds.includes(myUserId));
              return (
                <MenuItem key={emoji} onSelect={() => onToggle(emoji, !mine)}>
                  <span className="text-lg" role="img" aria-label={emoji}>
                    {emoji}
                  </span>
                </MenuItem>
              );
            })}
          </div>
        </Menu>
      ) : null}
    </div>
  );
}
