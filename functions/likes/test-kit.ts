// Shared by the like and comment API tests: chapters a reader may and may not see, and the
// chapter ids every reader call refuses.
import type { ApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit } from '#functions/chapters/test-kit.ts';

/** A published chapter of a published story, plus chapters readers must not reach. */
export async function insertReaderChapters(t: ApiTestContext) {
  const { insertStory, insertChapters } = chapterTestKit(t);
  const [published, draft] = await insertChapters(await insertStory(), { chapter_number: 1 }, { chapter_number: 2, status: 'draft' });
  const [inDraftStory] = await insertChapters(await insertStory('draft-story', 'draft'), { chapter_number: 1 });
  const [inArchivedStory] = await insertChapters(await insertStory('archived-story', 'archived'), { chapter_number: 1 });
  return {
    published: published!,
    hidden: {
      'a draft chapter': draft!,
      'a chapter of a draft story': inDraftStory!,
      'a chapter of an archived story': inArchivedStory!,
      'an unknown id': 999,
    },
  };
}

/** chapter_id values in a query string, each with the answer's message. */
export const INVALID_ID_PARAMS: [string, string][] = [
  ['', 'chapter_id is required'],
  ['?chapter_id=', 'chapter_id must be a positive whole number'],
  ['?chapter_id=0', 'chapter_id must be a positive whole number'],
  ['?chapter_id=-1', 'chapter_id must be a positive whole number'],
  ['?chapter_id=x', 'chapter_id must be a positive whole number'],
  ['?chapter_id=1.5', 'chapter_id must be a positive whole number'],
  ['?chapter_id=2147483648', 'chapter_id must be at most 2147483647'],
  ['?chapter_id=1&sort=desc', 'Unknown field: sort'],
  ['?chapter_id=1%00', 'chapter_id must not contain NUL characters'],
];

/** chapter_id values in a JSON body (undefined: left out), each with the answer's message. */
export const INVALID_ID_FIELDS: [unknown, string][] = [
  [undefined, 'chapter_id is required'],
  [0, 'chapter_id must be a positive whole number'],
  [-3, 'chapter_id must be a positive whole number'],
  ['x', 'chapter_id must be a number'],
  ['1', 'chapter_id must be a number'],
  [1.5, 'chapter_id must be a whole number'],
  [null, 'chapter_id must be a number'],
  [2 ** 31, 'chapter_id must be at most 2147483647'],
];

/** The "visitor=…" pair a response set, failing when it set none. */
export function visitorCookieFrom(res: Response): string {
  const header = res.headers.getSetCookie().find((value) => value.startsWith('visitor='));
  if (!header) throw new Error(`no visitor cookie (status ${res.status})`);
  return header.split(';')[0]!;
}

/** A reader's visitor cookie as the like button gets it: from its first look at the like state (`statePath`). */
export async function visitorCookie(t: ApiTestContext, statePath: string): Promise<string> {
  return visitorCookieFrom(await t.call(statePath));
}
