import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '#lib/api-client.ts';
import { type AutosaveOptions, AutosaveScheduler, type AutosaveState, type WorkingText } from './autosave-scheduler.ts';

interface Call {
  text: WorkingText;
  answer: PromiseWithResolvers<{ saved_at: string }>;
}

function setup(overrides: Partial<AutosaveOptions> = {}) {
  const calls: Call[] = [];
  const states: AutosaveState[] = [];
  const saved: WorkingText[] = [];
  let online = true;
  const signIn = { attempts: 0, next: Promise.withResolvers<void>() };
  const scheduler = new AutosaveScheduler({
    send: (text) => {
      const answer = Promise.withResolvers<{ saved_at: string }>();
      calls.push({ text, answer });
      return answer.promise;
    },
    onState: (state) => states.push(state),
    onSaved: (text) => saved.push(text),
    signInAgain: () => {
      signIn.attempts++;
      return signIn.next.promise;
    },
    isOnline: () => online,
    delayMs: 2000,
    retryMs: 15_000,
    ...overrides,
  });
  return {
    scheduler,
    calls,
    saved,
    signIn,
    states,
    last: () => states.at(-1),
    goOffline: (value: boolean) => {
      online = !value;
    },
  };
}

const text = (content: string): WorkingText => ({ title: 'The Gate', content });
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('autosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the text once typing has paused for two seconds, and says when the server saved it', async () => {
    const { scheduler, calls, saved, states, last } = setup();
    scheduler.change(text('O'));
    await vi.advanceTimersByTimeAsync(1500);
    scheduler.change(text('Once'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(0);
    expect(states).toEqual([{ kind: 'saving' }]); // said once, not on every keystroke
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.text.content)).toEqual(['Once']);
    calls[0]?.answer.resolve({ saved_at: '2026-11-26T12:04:31.000Z' });
    await settle();
    expect(last()).toEqual({ kind: 'saved', savedAt: '2026-11-26T12:04:31.000Z' });
    expect(saved).toEqual([text('Once')]);
    expect(scheduler.hasUnsent()).toBe(false);
  });

  it('keeps one request in flight, and a slow answer for older text never marks newer text saved', async () => {
    const { scheduler, calls, saved, last } = setup();
    scheduler.change(text('first'));
    await vi.advanceTimersByTimeAsync(2000);
    scheduler.change(text('first and second'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1); // the second waits for the first answer

    calls[0]?.answer.resolve({ saved_at: '2026-11-26T12:00:00.000Z' });
    await settle();
    expect(last()).toEqual({ kind: 'saving' });
    expect(saved).toEqual([]);
    expect(calls.map((call) => call.text.content)).toEqual(['first', 'first and second']);

    calls[1]?.answer.resolve({ saved_at: '2026-11-26T12:00:05.000Z' });
    await settle();
    expect(last()).toEqual({ kind: 'saved', savedAt: '2026-11-26T12:00:05.000Z' });
    expect(saved).toEqual([text('first and second')]);
  });

  it('offline, it says so without sending, and sends the newest text once back online', async () => {
    const { scheduler, calls, saved, last, goOffline } = setup();
    goOffline(true);
    scheduler.change(text('written on the train'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(0);
    expect(last()).toEqual({ kind: 'offline' });
    scheduler.change(text('written on the train, more'));
    expect(last()).toEqual({ kind: 'offline' }); // still true while typing on
    await vi.advanceTimersByTimeAsync(2000);

    goOffline(false);
    scheduler.resume();
    expect(calls.map((call) => call.text.content)).toEqual(['written on the train, more']);
    calls[0]?.answer.resolve({ saved_at: '2026-11-26T12:00:00.000Z' });
    await settle();
    expect(saved).toEqual([text('written on the train, more')]);
  });

  it('when the connection drops mid-request, it keeps the text unsent and tries again', async () => {
    const { scheduler, calls, last, goOffline } = setup();
    scheduler.change(text('a'));
    await vi.advanceTimersByTimeAsync(2000);
    goOffline(true);
    calls[0]?.answer.reject(new NetworkError('Failed to fetch'));
    await settle();
    expect(last()).toEqual({ kind: 'offline' });
    expect(scheduler.hasUnsent()).toBe(true);

    goOffline(false);
    await vi.advanceTimersByTimeAsync(15_000); // no online event came: the retry sends it anyway
    expect(calls).toHaveLength(2);
  });

  it('a server that does not answer is named on the status line and asked again later', async () => {
    const { scheduler, calls, last } = setup();
    scheduler.change(text('a'));
    await vi.advanceTimersByTimeAsync(2000);
    calls[0]?.answer.reject(new NetworkError('Failed to fetch'));
    await settle();
    expect(last()).toEqual({ kind: 'failed', message: 'no answer from the server' });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(2);
  });

  it('an expired session asks to sign in again, sends nothing meanwhile, and sends the text once signed in', async () => {
    const { scheduler, calls, saved, signIn, last } = setup();
    scheduler.change(text('before the session ended'));
    await vi.advanceTimersByTimeAsync(2000);
    calls[0]?.answer.reject(new ApiError(401, 'Not signed in'));
    await settle();
    expect(last()).toEqual({ kind: 'signed-out' });
    expect(signIn.attempts).toBe(1);

    scheduler.change(text('before the session ended, and after'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
    expect(last()).toEqual({ kind: 'signed-out' });

    signIn.next.resolve();
    await settle();
    expect(calls.map((call) => call.text.content)).toEqual(['before the session ended', 'before the session ended, and after']);
    calls[1]?.answer.resolve({ saved_at: '2026-11-26T12:00:00.000Z' });
    await settle();
    expect(saved).toEqual([text('before the session ended, and after')]);
  });

  it('a refused text is named on the status line and sent again after the next change', async () => {
    const { scheduler, calls, last } = setup();
    scheduler.change(text('x'));
    await vi.advanceTimersByTimeAsync(2000);
    calls[0]?.answer.reject(new ApiError(400, 'Content is too long.'));
    await settle();
    expect(last()).toEqual({ kind: 'failed', message: 'Content is too long.' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    scheduler.change(text('shorter'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(2);
  });

  it('an explicit save of the same text cancels the waiting autosave', async () => {
    const { scheduler, calls, last } = setup();
    scheduler.change(text('saved by hand'));
    scheduler.serverHas(text('saved by hand'), '2026-11-26T12:00:00.000Z');
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);
    expect(last()).toEqual({ kind: 'saved', savedAt: '2026-11-26T12:00:00.000Z' });

    scheduler.change(text('saved by hand, then more'));
    scheduler.serverHas(text('saved by hand'), '2026-11-26T12:00:01.000Z'); // older text: the change still goes
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(1);
  });

  it('an autosave answered after the chapter was saved is followed by the saved text', async () => {
    const { scheduler, calls, last } = setup();
    scheduler.change(text('typed'));
    await vi.advanceTimersByTimeAsync(2000);
    scheduler.change(text('typed, saved by hand'));
    scheduler.serverHas(text('typed, saved by hand'), '2026-11-26T12:00:01.000Z');
    calls[0]?.answer.resolve({ saved_at: '2026-11-26T12:00:02.000Z' });
    await settle();
    expect(calls.map((call) => call.text.content)).toEqual(['typed', 'typed, saved by hand']);
    calls[1]?.answer.resolve({ saved_at: '2026-11-26T12:00:03.000Z' });
    await settle();
    expect(last()).toEqual({ kind: 'saved', savedAt: '2026-11-26T12:00:03.000Z' });
  });

  it('a restored revision replaces the text: nothing is sent for it, nor for the text it replaced', async () => {
    const { scheduler, calls, last } = setup();
    scheduler.change(text('unsaved'));
    scheduler.serverHas(text('restored'), '2026-11-26T12:00:00.000Z', true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);
    expect(last()).toEqual({ kind: 'saved', savedAt: '2026-11-26T12:00:00.000Z' });
    expect(scheduler.hasUnsent()).toBe(false);
  });

  it('sends waiting text at once when the page is hidden, without waiting for the pause', async () => {
    const { scheduler, calls } = setup();
    scheduler.sendNow();
    expect(calls).toHaveLength(0); // nothing waits
    scheduler.change(text('closing the laptop'));
    scheduler.sendNow();
    expect(calls.map((call) => call.text.content)).toEqual(['closing the laptop']);
  });
});
