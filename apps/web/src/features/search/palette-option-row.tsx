import type { ReactNode } from 'react';
import { titleAndRest } from './highlight';
import { HighlightedText } from './highlighted-text';
import type { PaletteOption } from './palette-groups';

export interface PaletteOptionRowProps {
  option: PaletteOption;
  id: string;
  active: boolean;
  onChoose(): void;
  onPoint(): void;
}

/** One option of the palette's listbox; the active one (arrow keys or pointer) is the one Enter opens. */
export function PaletteOptionRow({ option, id, active, onChoose, onPoint }: PaletteOptionRowProps) {
  return (
    // The combobox keeps focus and announces the active option (aria-activedescendant), so options are no tab stops
    // (tabIndex -1); Enter in the field chooses. The key handler serves assistive technology that focuses an option.
    <div
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      // Keeps focus in the field, where the keys work.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onChoose();
      }}
      onMouseMove={() => {
        if (!active) onPoint();
      }}
      className={`flex cursor-pointer items-start gap-3 rounded-md px-3 py-2 ${active ? 'bg-primary-soft outline-2 outline-ring' : ''}`}
    >
      <OptionBody option={option} />
    </div>
  );
}

function OptionBody({ option }: { option: PaletteOption }) {
  switch (option.kind) {
    case 'completion':
      return <Line main={<span className="font-mono text-sm">{option.completion.text}</span>} aside="Filter" />;
    case 'project':
      return <Line main={<HighlightedText text={option.project.name} ranges={option.ranges} />} aside="Project" />;
    case 'action':
      return (
        <Line main={<HighlightedText text={option.action.name} ranges={option.ranges} />} aside={option.action.hint} />
      );
    case 'result': {
      const { result } = option;
      const place = result.type === 'card' ? result.projectName : `${result.projectName} · ${result.cardTitle}`;
      const split = result.snippet ? titleAndRest(result.title, result.snippet, result.highlights) : null;
      return (
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="truncate font-medium">
            {split ? <HighlightedText text={result.title} ranges={split.titleRanges} /> : result.title}
          </span>
          {split ? (
            split.rest ? (
              <span className="truncate text-sm text-fg">
                <HighlightedText text={split.rest} ranges={split.restRanges} />
              </span>
            ) : null
          ) : result.snippet ? (
            <span className="line-clamp-2 text-sm text-fg">
              <HighlightedText text={result.snippet} ranges={result.highlights} />
            </span>
          ) : null}
          <span className="truncate text-xs text-muted">{place}</span>
        </div>
      );
    }
  }
}

function Line({ main, aside }: { main: ReactNode; aside?: string }) {
  return (
    <div className="flex min-w-0 flex-1 items-baseline justify-between gap-3">
      <span className="min-w-0 truncate">{main}</span>
      {aside ? <span className="shrink-0 text-xs text-muted">{aside}</span> : null}
    </div>
  );
}
