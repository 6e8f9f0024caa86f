import { describe, expect, it } from 'vitest';
import { autosaveStatusText, clockTime, shortTime } from './autosave-status.ts';
import { chooseOpening } from './opening.ts';

const chapter = { title: 'The Gate', content: 'Saved text.', updated_at: '2026-11-26T10:00:00.000Z' };
const autosave = { title: 'The Gate', content: 'Saved text. And more.', saved_at: '2026-11-26T11:00:00.000Z' };
const device = (content: string, at: string) => ({ title: 'The Gate', content, saved_locally_at: at, base_updated_at: chapter.updated_at });

describe('opening a chapter', () => {
  it('opens the saved chapter when nothing newer exists', () => {
    expect(chooseOpening(chapter, null, null)).toEqual({
      text: { title: 'The Gate', content: 'Saved text.' },
      fromAutosave: null,
      deviceOffer: null,
    });
  });

  it('opens the server’s autosave when it is newer than the chapter, and says where it came from', () => {
    const opening = chooseOpening(chapter, autosave, null);
    expect(opening.text.content).toBe('Saved text. And more.');
    expect(opening.fromAutosave).toBe(autosave);
  });

  it('ignores an autosave older than the chapter or saying the same', () => {
    expect(chooseOpening(chapter, { ...autosave, saved_at: '2026-11-26T09:00:00.000Z' }, null).fromAutosave).toBeNull();
    expect(chooseOpening(chapter, { ...autosave, content: 'Saved text.' }, null).fromAutosave).toBeNull();
  });

  it('offers this device’s text only when it is newer than both and different from what opened', () => {
    const newer = device('Saved text. And more. Offline too.', '2026-11-26T12:00:00.000Z');
    expect(chooseOpening(chapter, autosave, newer).deviceOffer).toBe(newer);
    expect(chooseOpening(chapter, autosave, device('old', '2026-11-26T10:30:00.000Z')).deviceOffer).toBeNull();
    expect(chooseOpening(chapter, autosave, device(autosave.content, '2026-11-26T12:00:00.000Z')).deviceOffer).toBeNull();
  });

  it('offers the text of a new chapter that was never saved', () => {
    const kept = { title: '', content: 'Chapter one began', saved_locally_at: '2026-11-26T12:00:00.000Z', base_updated_at: null };
    expect(chooseOpening(null, null, kept)).toEqual({ text: { title: '', content: '' }, fromAutosave: null, deviceOffer: kept });
  });
});

describe('the autosave status line', () => {
  it('shows the server’s time on the author’s clock, to the second', () => {
    const saved = { kind: 'saved', savedAt: '2026-11-26T11:04:31.200Z' } as const;
    expect(autosaveStatusText(saved, 'Europe/Berlin')).toBe('Saved 12:04:31');
    expect(autosaveStatusText(saved, 'UTC')).toBe('Saved 11:04:31');
    expect(clockTime('2026-11-26T23:04:05.000Z', 'UTC')).toBe('23:04:05');
  });

  it('says what is happening to the text in every other case', () => {
    expect(autosaveStatusText({ kind: 'saving' }, 'UTC')).toBe('Saving…');
    expect(autosaveStatusText({ kind: 'offline' }, 'UTC')).toBe('Not saved: offline, kept on this device');
    expect(autosaveStatusText({ kind: 'signed-out' }, 'UTC')).toBe('Not saved: signed out, kept on this device');
    expect(autosaveStatusText({ kind: 'failed', message: 'Content is too long.' }, 'UTC')).toBe(
      'Not saved: Content is too long; kept on this device',
    );
    expect(autosaveStatusText({ kind: 'idle' }, 'UTC')).toBe('');
  });

  it('names the day only when a time is not from today, and the year only when not from this year', () => {
    const now = new Date('2026-11-26T15:00:00.000Z');
    expect(shortTime('2026-11-26T12:04:00.000Z', 'UTC', now)).toBe('12:04');
    expect(shortTime('2026-11-25T12:04:00.000Z', 'UTC', now)).toBe('25 Nov 12:04');
    expect(shortTime('2025-11-26T12:04:00.000Z', 'UTC', now)).toBe('26 Nov 2025 12:04');
    // 15:00 UTC is already the 27th in Tokyo: 14:30 UTC was the day before there.
    expect(shortTime('2026-11-26T14:30:00.000Z', 'Asia/Tokyo', now)).toBe('26 Nov 23:30');
  });
});
