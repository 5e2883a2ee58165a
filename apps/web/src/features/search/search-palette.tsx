import { type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { safeNextPath } from '../../lib/navigation';
import { PaletteDialog } from '../../ui/palette-dialog';
import { completeFilter, filterBeingTyped } from './filter-completion';
import {
  buildPaletteGroups,
  flattenGroups,
  type PaletteAction,
  type PaletteOption,
  type PaletteProject,
} from './palette-groups';
import { PaletteListbox } from './palette-listbox';
import { PaletteStatus } from './palette-status';
import { usePaletteSearch } from './use-palette-search';

export interface SearchPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The caller's projects, matched by name here rather than on the server. */
  projects: readonly PaletteProject[];
  actions: readonly PaletteAction[];
}

/**
 * The Search dialog (Ctrl K): one field that searches cards, tasks, messages and files across the caller's
 * projects, jumps to a project, runs an action, and completes `in:`, `assignee:` and `from:` values. The query
 * outlives the dialog, so it is there again when the palette reopens.
 */
export function SearchPalette({ open, onOpenChange, projects, actions }: SearchPaletteProps) {
  const [query, setQuery] = useState('');
  const chosenAction = useRef<PaletteAction | null>(null);

  return (
    <PaletteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Search"
      onClosed={() => {
        const action = chosenAction.current;
        chosenAction.current = null;
        action?.run();
      }}
    >
      <PaletteBody
        query={query}
        onQueryChange={setQuery}
        projects={projects}
        actions={actions}
        onAction={(action) => {
          // Run once the palette has closed and focus is back, so a dialog it opens starts from there.
          chosenAction.current = action;
          onOpenChange(false);
        }}
        onClose={() => onOpenChange(false)}
      />
    </PaletteDialog>
  );
}

interface PaletteBodyProps {
  query: string;
  onQueryChange(query: string): void;
  projects: readonly PaletteProject[];
  actions: readonly PaletteAction[];
  onAction(action: PaletteAction): void;
  onClose(): void;
}

function PaletteBody({ query, onQueryChange, projects, actions, onAction, onClose }: PaletteBodyProps) {
  const navigate = useNavigate();
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const field = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState(query.length);
  const pendingCaret = useRef<number | null>(null);
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const typed = filterBeingTyped(query, caret);
  const search = usePaletteSearch(query, typed);
  const groups = buildPaletteGroups({
    query,
    completions: search.completions,
    projects,
    results: search.results,
    actions,
  });
  const options = flattenGroups(groups);
  const activeIndex =
    options.length === 0
      ? -1
      : Math.max(
          0,
          options.findIndex((option) => option.key === activeKey),
        );
  const optionId = (index: number) => `${baseId}-option-${index}`;

  // A completed filter moves the caret after it, once the new text is in the field.
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !field.current) return;
    pendingCaret.current = null;
    field.current.setSelectionRange(at, at);
  });

  useLayoutEffect(() => {
    if (activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  function change(next: string, nextCaret: number): void {
    onQueryChange(next);
    setCaret(nextCaret);
    setActiveKey(null);
  }

  function choose(option: PaletteOption): void {
    switch (option.kind) {
      case 'completion': {
        if (!typed) return;
        const completed = completeFilter(query, typed, option.completion);
        pendingCaret.current = completed.caret;
        change(completed.query, completed.caret);
        field.current?.focus();
        return;
      }
      case 'project':
        onClose();
        void navigate(`/${option.project.id}`);
        return;
      case 'result': {
        const path = safeNextPath(option.result.url);
        onClose();
        if (path) void navigate(path);
        return;
      }
      case 'action':
        onAction(option.action);
        return;
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = options[(activeIndex + step + options.length) % options.length];
      setActiveKey(next?.key ?? null);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    }
  }

  return (
    <>
      <div className="flex items-center gap-2 border-b border-border px-4 focus-within:outline-2 focus-within:-outline-offset-2 focus-within:outline-ring">
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-4 shrink-0 text-muted"
          fill="none"
          stroke="currentColor"
        >
          <circle cx="7" cy="7" r="4.5" strokeWidth="1.5" />
          <path d="M10.5 10.5 14 14" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <input
          ref={field}
          type="text"
          role="combobox"
          aria-label="Search or jump to…"
          aria-expanded={options.length > 0}
          aria-controls={options.length > 0 ? listboxId : undefined}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-autocomplete="list"
          placeholder="Search or jump to…  (try in:, assignee:, from:, type:)"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => change(event.target.value, event.target.selectionEnd ?? event.target.value.length)}
          onSelect={(event) => setCaret(event.currentTarget.selectionEnd ?? query.length)}
          onKeyDown={handleKeyDown}
          className="min-h-12 flex-1 bg-transparent text-base text-fg placeholder:text-muted outline-none"
        />
      </div>
      <PaletteStatus search={search} typedQuery={query.trim()} hasOptions={options.length > 0} />
      {options.length > 0 ? (
        <PaletteListbox
          id={listboxId}
          baseId={baseId}
          groups={groups}
          activeKey={options[activeIndex]?.key ?? null}
          optionId={(option) => optionId(options.indexOf(option))}
          onChoose={choose}
          onPoint={(option) => setActiveKey(option.key)}
          busy={search.searching}
        />
      ) : null}
    </>
  );
}
