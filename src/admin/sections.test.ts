import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, mayOpen, sectionFor, sectionPages, sectionsFor } from './sections.ts';

const labelsFor = (role: string) => sectionsFor(role).map((section) => section.label);

describe('admin sections by role', () => {
  it('shows an admin every section', () => {
    expect(labelsFor('admin')).toEqual(ADMIN_SECTIONS.map((section) => section.label));
  });

  it('shows an author the content sections, moderation and the password, not analytics or export', () => {
    expect(labelsFor('author')).toEqual([
      'Author Profile',
      'Image Galleries',
      'Stories & Chapters',
      'Upload Manager',
      'Moderation',
      'Subscribers',
      'Social Media',
      'Change Password',
    ]);
  });

  it('shows a mod only Moderation and Change Password (the API refuses it every content call)', () => {
    expect(labelsFor('mod')).toEqual(['Moderation', 'Change Password']);
    for (const path of ['/author', '/galleries/3', '/stories', '/uploads', '/subscribers', '/socials', '/analytics', '/archive']) {
      expect(mayOpen(path, 'mod'), path).toBe(false);
    }
  });

  it('compares roles case-insensitively, opens the dashboard to every role and knows no other role', () => {
    expect(mayOpen('/analytics', 'ADMIN')).toBe(true);
    expect(mayOpen('/analytics', 'Author')).toBe(false);
    expect(mayOpen('/stories/4', 'Author')).toBe(true);
    expect(mayOpen('/', 'mod')).toBe(true);
    expect(labelsFor('reader')).toEqual([]);
  });

  it('names the breadcrumb of a section and of an item inside it', () => {
    expect(sectionFor('/analytics')?.label).toBe('Analytics');
    expect(sectionFor('/galleries/7')?.label).toBe('Image Galleries');
    expect(sectionFor('/galleriesx')).toBeUndefined();
  });

  it('routes the chapter editor inside Stories & Chapters, for the roles of that section', () => {
    expect(sectionPages().map(({ section, path }) => [section.label, path])).toEqual([
      ['Stories & Chapters', '/stories/:storyId/chapters/:chapterId'],
    ]);
    expect(sectionFor('/stories/4/chapters/new')?.label).toBe('Stories & Chapters');
    expect(mayOpen('/stories/4/chapters/9', 'author')).toBe(true);
    expect(mayOpen('/stories/4/chapters/9', 'mod')).toBe(false);
  });
});
