import { describe, expect, it } from 'vitest';
import { actionFailure, actionSuccess, bannedByLabel, commentStatus, localDate, safeContentLink } from './display.ts';

describe('action notices', () => {
  it("words successes as 'Comment {approve|delete}d successfully!' and a rejection alike", () => {
    expect(actionSuccess('approve')).toBe('Comment approved successfully!');
    expect(actionSuccess('delete')).toBe('Comment deleted successfully!');
    expect(actionSuccess('reject')).toBe('Comment rejected successfully!');
  });

  it("words failures as 'Failed to {action} comment'", () => {
    expect(actionFailure('approve')).toBe('Failed to approve comment');
    expect(actionFailure('reject')).toBe('Failed to reject comment');
  });
});

describe('bannedByLabel', () => {
  it("names the username, else 'User {id}'", () => {
    expect(bannedByLabel({ banned_by: 1, banned_by_username: 'admin' })).toBe('admin');
    expect(bannedByLabel({ banned_by: 7, banned_by_username: null })).toBe('User 7');
    expect(bannedByLabel({ banned_by: 7, banned_by_username: '' })).toBe('User 7');
    expect(bannedByLabel({ banned_by: null, banned_by_username: null })).toBe('Unknown');
  });
});

describe('safeContentLink', () => {
  it('keeps paths on this site and http(s) addresses', () => {
    expect(safeContentLink('/storytime/story/the-lantern-fleet/chapter/1/')).toBe('/storytime/story/the-lantern-fleet/chapter/1/');
    expect(safeContentLink('/galleries/field-studies/?image=3')).toBe('/galleries/field-studies/?image=3');
    expect(safeContentLink('https://example.com/a')).toBe('https://example.com/a');
  });

  it('refuses scripts, data, other hosts in disguise and nothing at all', () => {
    for (const hostile of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '/\\evil.example/x',
      'vbscript:x',
      '',
      null,
      undefined,
    ]) {
      expect(safeContentLink(hostile)).toBeNull();
    }
  });
});

describe('commentStatus', () => {
  it('takes the status, else reads is_approved (1 approved, anything else pending)', () => {
    expect(commentStatus({ status: 'rejected', is_approved: 0 })).toBe('rejected');
    expect(commentStatus({ is_approved: 1 })).toBe('approved');
    expect(commentStatus({ is_approved: 0 })).toBe('pending');
  });
});

describe('localDate', () => {
  it('formats a date in the local form and leaves garbage as it came', () => {
    expect(localDate('2026-11-22T10:00:00.000Z')).toBe(new Date('2026-11-22T10:00:00.000Z').toLocaleString());
    expect(localDate('not a date')).toBe('not a date');
  });
});
