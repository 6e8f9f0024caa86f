// A CodeMirror Markdown editor as a React component: it owns its document while the author
// types and takes `value` only when it changes from outside (a restore, the other version of a
// conflict, a file), as one undoable change.
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { memo, useEffect, useRef } from 'react';
import { markdownSetup } from './markdown-setup.ts';

interface MarkdownEditorProps {
  value: string;
  onChange(text: string): void;
  /** The editor's accessible name. */
  label: string;
  /** Ids of the text that describes the editor (the shortcuts line). */
  describedBy?: string;
}

export const MarkdownEditor = memo(function MarkdownEditor({ value, onChange, label, describedBy }: MarkdownEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  /** The text the editor last reported, so that its own change is not sent back into it. */
  const reported = useRef(value);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: reported.current,
        extensions: markdownSetup(label, (text) => {
          reported.current = text;
          change.current(text);
        }),
      }),
    });
    if (describedBy) editor.contentDOM.setAttribute('aria-describedby', describedBy);
    view.current = editor;
    return () => editor.destroy();
  }, [label, describedBy]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value }, userEvent: 'input.replace' });
  }, [value]);

  return <div ref={host} className="markdown-editor" />;
});
