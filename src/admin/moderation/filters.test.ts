import { describe, expect, it } from 'vitest';
import { commentListPath, filterLabel } from './filters.ts';

describe('commentListPath', () => {
  it("omits a filter left at 'all'", () => {
    expect(commentListPath({ status: 'all', type: 'all' })).toBe('/api/admin/comments/list');
    expect(commentListPath({ status: 'pending', type: 'all' })).toBe('/api/admin/comments/list?status=pending');
    expect(commentListPath({ status: 'all', type: 'images' })).toBe('/api/admin/comments/list?type=images');
  });

  it('sends both when both are chosen', () => {
    expect(commentListPath({ status: 'rejected', type: 'stories' })).toBe('/api/admin/comments/list?status=rejected&type=stories');
  });
});

describe('filterLabel', () => {
  it('capitalises the value for the pill', () => {
    expect(['all', 'pending', 'images'].map(filterLabel)).toEqual(['All', 'Pending', 'Images']);
  });
});
