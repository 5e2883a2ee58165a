import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { renderCaret } from './caret';
import { EditorToolbar } from './editor-toolbar';
import type { PresentUser } from './presence';
import type { CardCollab } from './use-card-provider';
import './card-editor.css';

export interface CardEditorProps {
  collab: CardCollab;
  self: PresentUser;
  editable: boolean;
}

/** A text box to assistive technology even when read-only (ProseMirror drops contenteditable then). */
function bodyAttributes(editable: boolean): Record<string, string> {
  return {
    role: 'textbox',
    'aria-label': 'Card body',
    'aria-multiline': 'true',
    'aria-readonly': String(!editable),
    class: 'card-body',
  };
}

/**
 * The card's body: TipTap on the card's Yjs document (its `default` fragment, which any Yjs client can read),
 * with the others' carets. Undo is Yjs's own (Collaboration), which undoes only this person's changes.
 */
export function CardEditor({ collab, self, editable }: CardEditorProps) {
  const editor = useEditor(
    {
      editable,
      extensions: [
        StarterKit.configure({
          undoRedo: false,
          link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
        }),
        TaskList,
        TaskItem.configure({ nested: true }),
        Placeholder.configure({ placeholder: 'Write something…' }),
        Collaboration.configure({ document: collab.doc, field: 'default' }),
        CollaborationCaret.configure({ provider: collab.provider, user: self, render: renderCaret }),
      ],
      editorProps: { attributes: bodyAttributes(editable) },
    },
    [collab],
  );

  useEffect(() => {
    if (!editor || editor.isEditable === editable) return;
    editor.setOptions({ editorProps: { attributes: bodyAttributes(editable) } });
    editor.setEditable(editable);
  }, [editor, editable]);

  return (
    <div className="flex flex-col rounded-xl border border-border bg-bg">
      {editable && editor ? <EditorToolbar editor={editor} /> : null}
      <EditorContent editor={editor} className="min-h-64 px-4 py-3" />
    </div>
  );
}
