import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, mayOpen, sectionFor, sectionsFor } from './sections.ts';

describe('admin sections by role', () => {
  it("ends with 'Analytics' (then the admins' Export & Import), which only an admin sees (the API answers 403 to the others)", () => {
    expect(ADMIN_SECTIONS.at(-2)).toMatchObject({ path: '/analytics', label: 'Analytics' });
    expect(sectionsFor('admin').map((section) => section.label)).toContain('Analytics');
    expect(sectionsFor('author').map((section) => section.label)).not.toContain('Analytics');
    expect(sectionsFor('mod').map((section) => section.label)).not.toContain('Analytics');
  });

  it('compares roles case-insensitively and leaves sections without roles open to all staff', () => {
    expect(mayOpen('/analytics', 'ADMIN')).toBe(true);
    expect(mayOpen('/analytics', 'Author')).toBe(false);
    expect(mayOpen('/moderation', 'mod')).toBe(true);
    expect(mayOpen('/stories/4', 'author')).toBe(true);
    expect(sectionsFor('mod')).toHaveLength(ADMIN_SECTIONS.length - 2); // not Analytics, not Export & Import
  });

  it("shows 'Export & Import' to admins only", () => {
    expect(sectionsFor('admin').map((section) => section.label)).toContain('Export & Import');
    expect(mayOpen('/archive', 'author')).toBe(false);
    expect(mayOpen('/archive', 'mod')).toBe(false);
  });

  it('names the breadcrumb of the analytics screen', () => {
    expect(sectionFor('/analytics')?.label).toBe('Analytics');
  });
});
