// The editor's Markdown shortcuts (docs/product.md, The writing desk: the editor): each is a
// CodeMirror command that changes the text around every selection, so undo takes it back in one step.
import { EditorSelection, type StateCommand } from '@codemirror/state';
import type { KeyBinding } from '@codemirror/view';

/** Wraps each selection in `marker`, or unwraps it when it is already wrapped (inside or just around it). */
export function toggleWrap(marker: string): StateCommand {
  return ({ state, dispatch }) => {
    const size = marker.length;
    dispatch(
      state.update(
        state.changeByRange((range) => {
          const text = state.sliceDoc(range.from, range.to);
          if (text.length >= 2 * size && text.startsWith(marker) && text.endsWith(marker)) {
            return {
              changes: { from: range.from, to: range.to, insert: text.slice(size, -size) },
              range: EditorSelection.range(range.from, range.to - 2 * size),
            };
          }
          const around = state.sliceDoc(range.from - size, range.from) === marker && state.sliceDoc(range.to, range.to + size) === marker;
          if (around) {
            return {
              changes: [
                { from: range.from - size, to: range.from },
                { from: range.to, to: range.to + size },
              ],
              range: EditorSelection.range(range.from - size, range.to - size),
            };
          }
          return {
            changes: [
              { from: range.from, insert: marker },
              { from: range.to, insert: marker },
            ],
            range: EditorSelection.range(range.from + size, range.to + size),
          };
        }),
        { scrollIntoView: true, userEvent: 'input.format' },
      ),
    );
    return true;
  };
}

/** Makes every selected line a heading of `level`; lines already at that level become plain text. */
export function toggleHeading(level: number): StateCommand {
  return ({ state, dispatch }) => {
    const prefix = `${'#'.repeat(level)} `;
    const changes = [];
    const seen = new Set<number>();
    for (const range of state.selection.ranges) {
      for (let pos = range.from; pos <= range.to; ) {
        const line = state.doc.lineAt(pos);
        if (!seen.has(line.number)) {
          seen.add(line.number);
          const existing = /^#{1,6}[ \t]+/.exec(line.text)?.[0] ?? '';
          const same = existing.trimEnd() === prefix.trimEnd();
          changes.push({ from: line.from, to: line.from + existing.length, insert: same ? '' : prefix });
        }
        pos = line.to + 1;
      }
    }
    dispatch(state.update({ changes, scrollIntoView: true, userEvent: 'input.format' }));
    return true;
  };
}

/** `[text](url)` around each selection, with "url" selected to type over (or "text" when nothing was selected). */
export const insertLink: StateCommand = ({ state, dispatch }) => {
  dispatch(
    state.update(
      state.changeByRange((range) => {
        const text = state.sliceDoc(range.from, range.to) || 'text';
        const insert = `[${text}](url)`;
        const selected = range.empty
          ? EditorSelection.range(range.from + 1, range.from + 1 + text.length)
          : EditorSelection.range(range.from + text.length + 3, range.from + text.length + 6);
        return { changes: { from: range.from, to: range.to, insert }, range: selected };
      }),
      { scrollIntoView: true, userEvent: 'input.format' },
    ),
  );
  return true;
};

/** A page break (`---`, the story's page-break image for readers) on a paragraph of its own at the cursor. */
export const insertPageBreak: StateCommand = ({ state, dispatch }) => {
  dispatch(
    state.update(
      state.changeByRange((range) => {
        const before = state.sliceDoc(0, range.from);
        const after = state.sliceDoc(range.to);
        const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
        const trail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
        const insert = `${lead}---${trail}`;
        const cursor = range.from + insert.length + (after.startsWith('\n\n') ? 2 : after.startsWith('\n') ? 1 : 0);
        return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.cursor(cursor) };
      }),
      { scrollIntoView: true, userEvent: 'input.format' },
    ),
  );
  return true;
};

/** The shortcuts, and the help line's words for them. */
export const MARKDOWN_KEYS: readonly (KeyBinding & { key: string; help: string })[] = [
  { key: 'Mod-b', run: toggleWrap('**'), help: 'bold' },
  { key: 'Mod-i', run: toggleWrap('*'), help: 'italic' },
  { key: 'Mod-Alt-1', run: toggleHeading(1), help: 'heading 1' },
  { key: 'Mod-Alt-2', run: toggleHeading(2), help: 'heading 2' },
  { key: 'Mod-Alt-3', run: toggleHeading(3), help: 'heading 3' },
  { key: 'Mod-k', run: insertLink, help: 'link' },
  { key: 'Mod-Shift-Enter', run: insertPageBreak, help: 'page break' },
];
