import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Placeholder } from '@tiptap/extensions';
import type { EditorProps } from '@tiptap/pm/view';
import { type Editor, EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef } from 'react';
import type { ClientFile } from '../../files/api';
import { caretRenderers } from './caret';
import { EditorToolbar } from './editor-toolbar';
import { FileImage } from './file-image';
import type { PresentUser } from './presence';
import type { CardCollab } from './use-card-provider';
import './card-editor.css';

export interface CardEditorProps {
  collab: CardCollab;
  selfId: string;
  /** Who each user id on the card is: the others' carets are labelled from it. */
  people: ReadonlyMap<string, PresentUser>;
  editable: boolean;
  /** Uploads images pasted or dropped into the body; resolves with those that were stored. */
  onImageFiles?: (files: File[]) => Promise<ClientFile[]>;
}

function imagesOf(files: FileList | undefined | null): File[] {
  return Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));
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
export function CardEditor({ collab, selfId, people, editable, onImageFiles }: CardEditorProps) {
  const uploadImages = useRef(onImageFiles);
  uploadImages.current = onImageFiles;
  // Read when a caret is drawn, so a member list that arrives or changes needs no new editor.
  const latestPeople = useRef(people);
  latestPeople.current = people;
  const carets = useMemo(() => caretRenderers((userId) => latestPeople.current.get(userId)), []);
  // Set again with the attributes when editability changes (setOptions replaces editorProps whole).
  const editorProps = useMemo(
    () =>
      (canEdit: boolean): EditorProps => ({
        attributes: bodyAttributes(canEdit),
        handlePaste(view, event) {
          const images = imagesOf(event.clipboardData?.files);
          const upload = uploadImages.current;
          if (!view.editable || images.length === 0 || !upload) return false;
          event.preventDefault();
          void upload(images).then((stored) => {
            for (const file of stored) editorRef.current?.commands.insertFileImage({ fileId: file.id, alt: file.name });
          });
          return true;
        },
        handleDrop(view, event, _slice, moved) {
          const images = imagesOf(event.dataTransfer?.files);
          const upload = uploadImages.current;
          if (moved || !view.editable || images.length === 0 || !upload) return false;
          event.preventDefault();
          const dropped = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          void upload(images).then((stored) => {
            const editor = editorRef.current;
            if (!editor) return;
            // The document may have changed during the upload: a position past its end falls back to the selection.
            const position = dropped !== undefined && dropped <= editor.state.doc.content.size ? dropped : undefined;
            for (const file of stored.toReversed())
              editor.commands.insertFileImage({ fileId: file.id, alt: file.name }, position);
          });
          return true;
        },
      }),
    [],
  );
  const editorRef = useRef<Editor | null>(null);
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
        CollaborationCaret.configure({
          provider: collab.provider,
          user: { id: selfId },
          render: carets.render,
          selectionRender: carets.selectionRender,
        }),
        FileImage,
      ],
      editorProps: editorProps(editable),
    },
    [collab],
  );
  editorRef.current = editor;

  useEffect(() => {
    if (!editor || editor.isEditable === editable) return;
    editor.setOptions({ editorProps: editorProps(editable) });
    editor.setEditable(editable);
  }, [editor, editable, editorProps]);

  return (
    <div className="flex flex-col rounded-xl border border-border bg-bg">
      {editable && editor ? <EditorToolbar editor={editor} /> : null}
      <EditorContent editor={editor} className="min-h-64 px-4 py-3" />
    </div>
  );
}
