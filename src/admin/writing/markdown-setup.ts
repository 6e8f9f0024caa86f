// The CodeMirror setup of the chapter editor: Markdown with its syntax coloured by the admin's
// theme tokens (so it follows light and dark without a second theme), soft-wrapped lines, undo
// history, search, and the Markdown shortcuts. Tab is left to the browser, so it moves focus on.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { type Extension, Prec } from '@codemirror/state';
import { drawSelection, EditorView, keymap } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { MARKDOWN_KEYS } from './markdown-commands.ts';
import { richTextPaste } from './paste-extension.ts';

/** The shortcuts as ARIA names them, for screen readers. */
const KEY_SHORTCUTS = MARKDOWN_KEYS.map(({ key }) =>
  key
    .replace('Mod', 'Control')
    .replace(/-/g, '+')
    .replace(/\+([a-z])$/, (_, letter: string) => `+${letter.toUpperCase()}`),
).join(' ');

const highlight = HighlightStyle.define([
  { tag: tags.heading, fontWeight: '700', color: 'var(--color-accent-strong)' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--color-accent)' },
  { tag: tags.quote, color: 'var(--color-muted)', fontStyle: 'italic' },
  { tag: tags.monospace, fontFamily: 'ui-monospace, monospace' },
  { tag: [tags.processingInstruction, tags.contentSeparator, tags.meta], color: 'var(--color-muted)' },
]);

const look = EditorView.theme({
  '&': { color: 'var(--color-text)', backgroundColor: 'var(--color-surface-solid)', height: '100%' },
  '&.cm-focused': { outline: '2px solid var(--color-accent)', outlineOffset: '-2px' },
  '.cm-scroller': { fontFamily: 'inherit', lineHeight: '1.6' },
  '.cm-content': { padding: '1rem', caretColor: 'var(--color-text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
    backgroundColor: 'color-mix(in srgb, var(--color-accent) 30%, transparent)',
  },
  '.cm-panels': { backgroundColor: 'var(--color-surface-solid)', color: 'var(--color-text)' },
  '.cm-searchMatch': { backgroundColor: 'color-mix(in srgb, var(--color-accent) 25%, transparent)' },
});

export function markdownSetup(label: string, onText: (text: string) => void): Extension {
  return [
    history(),
    drawSelection(),
    search({ top: true }),
    highlightSelectionMatches(),
    markdown(),
    syntaxHighlighting(highlight),
    EditorView.lineWrapping,
    richTextPaste,
    look,
    // The shortcuts win over CodeMirror's own (Mod-i selects the syntax parent there).
    Prec.high(keymap.of(MARKDOWN_KEYS.map(({ key, run }) => ({ key, run, preventDefault: true })))),
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap]),
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-keyshortcuts': KEY_SHORTCUTS }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onText(update.state.doc.toString());
    }),
  ];
}
