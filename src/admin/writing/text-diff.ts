// Two versions of a text side by side (the conflict view, docs/product.md, The writing desk):
// lines are compared first, then the words of each changed stretch of lines, so a changed
// word is marked and not its whole paragraph. The diff library does the comparing.
import { type ChangeObject, diffLines, diffWordsWithSpace } from 'diff';

export interface DiffSegment {
  text: string;
  /** Only in this side's version. */
  changed: boolean;
}

export interface SideBySide {
  /** The first text (`before`), its own words marked. */
  before: DiffSegment[];
  /** The second text (`after`), its own words marked. */
  after: DiffSegment[];
  /** Whether the texts differ at all. */
  differs: boolean;
}

function push(segments: DiffSegment[], text: string, changed: boolean) {
  if (!text) return;
  const last = segments.at(-1);
  if (last && last.changed === changed) last.text += text;
  else segments.push({ text, changed });
}

export function sideBySide(before: string, after: string): SideBySide {
  const result: SideBySide = { before: [], after: [], differs: false };
  const parts: ChangeObject<string>[] = diffLines(before, after);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      push(result.before, part.value, false);
      push(result.after, part.value, false);
      continue;
    }
    result.differs = true;
    const next = parts[i + 1];
    if (part.removed && next?.added) {
      i++;
      for (const word of diffWordsWithSpace(part.value, next.value)) {
        if (!word.added) push(result.before, word.value, Boolean(word.removed));
        if (!word.removed) push(result.after, word.value, Boolean(word.added));
      }
    } else {
      push(part.removed ? result.before : result.after, part.value, true);
    }
  }
  return result;
}
