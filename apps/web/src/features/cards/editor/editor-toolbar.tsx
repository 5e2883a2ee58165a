import { type Editor, useEditorState } from '@tiptap/react';
import { type MouseEvent, useState } from 'react';
import { LinkDialog } from './link-dialog';

interface ToolbarAction {
  label: string;
  /** Shown on the button; the label is its accessible name. */
  glyph: string;
  shortcut?: string;
  isActive(editor: Editor): boolean;
  run(editor: Editor): void;
}

const actions: ToolbarAction[] = [
  {
    label: 'Bold',
    glyph: 'B',
    shortcut: 'Control+B',
    isActive: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    glyph: 'I',
    shortcut: 'Control+I',
    isActive: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Strikethrough',
    glyph: 'S',
    isActive: (e) => e.isActive('strike'),
    run: (e) => e.chain().focus().toggleStrike().run(),
  },
  {
    label: 'Code',
    glyph: '</>',
    shortcut: 'Control+E',
    isActive: (e) => e.isActive('code'),
    run: (e) => e.chain().focus().toggleCode().run(),
  },
  {
    label: 'Heading 1',
    glyph: 'H1',
    isActive: (e) => e.isActive('heading', { level: 1 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
  },
  {
    label: 'Heading 2',
    glyph: 'H2',
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Bulleted list',
    glyph: '•',
    isActive: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    glyph: '1.',
    isActive: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Task list',
    glyph: '☑',
    isActive: (e) => e.isActive('taskList'),
    run: (e) => e.chain().focus().toggleTaskList().run(),
  },
  {
    label: 'Quote',
    glyph: '❝',
    isActive: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: 'Code block',
    glyph: '{ }',
    isActive: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
];

/**
 * A click on a formatting button leaves the focus (and the selection) in the editor. Had the button taken it, the
 * editor would get it back only on the next animation frame (tiptap's focus command), and what was typed before
 * then would be lost.
 */
function keepEditorFocus(event: MouseEvent) {
  event.preventDefault();
}

const buttonClass =
  'inline-flex min-h-8 min-w-8 items-center justify-center rounded px-1.5 text-sm font-semibold text-muted hover:bg-surface-strong hover:text-fg aria-pressed:bg-primary-soft aria-pressed:text-fg focus-visible:outline-2 focus-visible:outline-ring';

/** Formatting buttons; each says whether it applies where the caret is (aria-pressed). Markdown shortcuts work too. */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      marks: actions.map((action) => action.isActive(current)),
      link: current.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-orientation="horizontal"
      className="flex flex-wrap gap-0.5 border-b border-border px-2 py-1"
    >
      {actions.map((action, index) => (
        <button
          key={action.label}
          type="button"
          aria-label={action.label}
          title={action.shortcut ? `${action.label} (${action.shortcut.replace('Control', 'Ctrl')})` : action.label}
          aria-keyshortcuts={action.shortcut}
          aria-pressed={active.marks[index] ?? false}
          onMouseDown={keepEditorFocus}
          onClick={() => action.run(editor)}
          className={buttonClass}
        >
          <span aria-hidden="true">{action.glyph}</span>
        </button>
      ))}
      <button
        type="button"
        aria-label="Link"
        title="Link"
        aria-pressed={active.link}
        onClick={() => setLinking(true)}
        className={buttonClass}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <path
            d="M6.5 9.5l3-3M7 4.5l1-1a2.8 2.8 0 014 4l-1 1M9 11.5l-1 1a2.8 2.8 0 01-4-4l1-1"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <LinkDialog editor={editor} open={linking} onOpenChange={setLinking} />
    </div>
  );
}
