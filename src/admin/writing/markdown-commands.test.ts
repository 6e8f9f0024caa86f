import { EditorSelection, EditorState, type StateCommand } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { insertLink, insertPageBreak, toggleHeading, toggleWrap } from './markdown-commands.ts';

/** Runs `command` on `text` whose selection is marked with [ and ] (or a single | for a cursor). */
function run(command: StateCommand, marked: string): string {
  const from = marked.search(/[[|]/);
  const cursor = marked[from] === '|';
  const text = marked.replace(/[[\]|]/g, '');
  const to = cursor ? from : marked.indexOf(']') - 1;
  let state = EditorState.create({ doc: text, selection: EditorSelection.range(from, to) });
  command({ state, dispatch: (tr) => (state = tr.state) });
  const { from: a, to: b } = state.selection.main;
  const doc = state.doc.toString();
  return a === b ? `${doc.slice(0, a)}|${doc.slice(a)}` : `${doc.slice(0, a)}[${doc.slice(a, b)}]${doc.slice(b)}`;
}

describe('bold and italic', () => {
  it('wraps the selection and keeps it selected', () => {
    expect(run(toggleWrap('**'), 'a [word] here')).toBe('a **[word]** here');
    expect(run(toggleWrap('*'), 'a [word] here')).toBe('a *[word]* here');
  });

  it('unwraps a selection that is wrapped, around it or inside it', () => {
    expect(run(toggleWrap('**'), 'a **[word]** here')).toBe('a [word] here');
    expect(run(toggleWrap('**'), 'a [**word**] here')).toBe('a [word] here');
  });

  it('puts the cursor between the markers when nothing is selected', () => {
    expect(run(toggleWrap('**'), 'a | b')).toBe('a **|** b');
  });
});

describe('headings', () => {
  it('makes the line a heading of the level, replacing another level', () => {
    expect(run(toggleHeading(2), 'Intro\nThe g|ate')).toBe('Intro\n## The g|ate');
    expect(run(toggleHeading(1), '### The g|ate')).toBe('# The g|ate');
  });

  it('turns a heading of the same level back into text, on every selected line', () => {
    expect(run(toggleHeading(2), '## O[ne\n## Tw]o')).toBe('O[ne\nTw]o');
  });
});

describe('links', () => {
  it('links the selection and selects the address to type over', () => {
    expect(run(insertLink, 'see [the map] now')).toBe('see [the map]([url]) now');
  });

  it('selects the link text when nothing was selected', () => {
    expect(run(insertLink, 'see | now')).toBe('see [[text]](url) now');
  });
});

describe('page breaks', () => {
  it('puts --- on a paragraph of its own, the cursor after it', () => {
    expect(run(insertPageBreak, 'One.|Two.')).toBe('One.\n\n---\n\n|Two.');
    expect(run(insertPageBreak, 'One.\n\n|\n\nTwo.')).toBe('One.\n\n---\n\n|Two.');
    expect(run(insertPageBreak, '|')).toBe('---\n\n|');
  });
});
