// Pasting from Word, Google Docs or LibreOffice into the editor (docs/product.md, "Importing and
// pasting"): the clipboard's HTML becomes clean Markdown; a plain-text paste stays as it is.
import { EditorView } from '@codemirror/view';
import { richTextToMarkdown } from '#lib/rich-paste.ts';

export const richTextPaste = EditorView.domEventHandlers({
  paste(event, view) {
    const html = event.clipboardData?.getData('text/html');
    if (!html) return false; // CodeMirror pastes the plain text
    const markdown = richTextToMarkdown(html);
    if (!markdown) return false;
    event.preventDefault();
    view.dispatch(view.state.replaceSelection(markdown), { scrollIntoView: true, userEvent: 'input.paste' });
    return true;
  },
});
