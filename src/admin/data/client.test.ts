// The admin's QueryClient refetches what a change touched with an answer from after the change
// (refetchAfterChange), also while the query's first load is still under way.
import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, refetchAfterChange } from './client.ts';

describe('refetchAfterChange', () => {
  it('asks again when the first load began before the change, instead of reusing its answer', async () => {
    const client = createQueryClient();
    const answers: (() => void)[] = [];
    let stored: string[] = [];
    const observer = new QueryObserver(client, {
      queryKey: ['galleries', 1, 'images'],
      // Each load answers with what was stored when it began, once the test lets it.
      queryFn: () => {
        const seen = [...stored];
        return new Promise<string[]>((resolve) => answers.push(() => resolve(seen)));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => answers.length).toBe(1); // the gallery opened: its first load is under way
    stored = ['upload.png']; // the upload finished meanwhile
    const refetched = refetchAfterChange(client, ['galleries']);
    await expect.poll(() => answers.length).toBe(2);
    for (const answer of answers) answer();
    await refetched;
    expect(client.getQueryData(['galleries', 1, 'images'])).toEqual(['upload.png']);
    unsubscribe();
  });
});
