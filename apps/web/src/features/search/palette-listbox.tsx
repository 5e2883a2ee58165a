import type { PaletteGroup, PaletteOption } from './palette-groups';
import { PaletteOptionRow } from './palette-option-row';

export interface PaletteListboxProps {
  id: string;
  baseId: string;
  groups: readonly PaletteGroup[];
  activeKey: string | null;
  optionId(option: PaletteOption): string;
  onChoose(option: PaletteOption): void;
  onPoint(option: PaletteOption): void;
  /** The results shown answer an earlier query while the next is asked. */
  busy: boolean;
}

/** The palette's options, one group per heading (Projects, Cards, …, Actions). */
export function PaletteListbox({
  id,
  baseId,
  groups,
  activeKey,
  optionId,
  onChoose,
  onPoint,
  busy,
}: PaletteListboxProps) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Results"
      aria-busy={busy || undefined}
      className="min-h-0 flex-1 overflow-y-auto p-2"
    >
      {groups.map((group) => {
        const headingId = `${baseId}-group-${group.id}`;
        // The visible heading names the group for assistive technology (aria-labelledby) and is hidden from it
        // itself: a listbox may own only options and groups, so a heading element inside it is invalid.
        return (
          <div key={group.id} className="mb-2 last:mb-0">
            <div
              id={headingId}
              aria-hidden="true"
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted uppercase"
            >
              {group.heading}
            </div>
            <fieldset aria-labelledby={headingId} className="m-0 min-w-0 border-0 p-0">
              {group.options.map((option) => (
                <PaletteOptionRow
                  key={option.key}
                  id={optionId(option)}
                  option={option}
                  active={option.key === activeKey}
                  onChoose={() => onChoose(option)}
                  onPoint={() => onPoint(option)}
                />
              ))}
            </fieldset>
          </div>
        );
      })}
    </div>
  );
}
