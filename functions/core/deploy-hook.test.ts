import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { createApp } from '#functions/app.ts';
import { DeployHookTrigger, parseDeployHookUrl, retryDelayMs } from './deploy-hook.ts';

const t = useApiTestContext();
const HOOK = 'https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/secret-token';
const DEBOUNCE = 3_000;
const START = Date.parse('2026-11-22T12:00:00Z');

/**
 * A fake hook that answers with the queued statuses (or throws an Error), a clock moved by hand,
 * and the debounce's sleeps held until the test lets them go (`wakeSleepers`).
 */
function setUp() {
  const clock = { ms: START };
  const calls: { url: string; method: string }[] = [];
  const answers: (number | Error)[] = [];
  const logs: string[] = [];
  const sleepers: (() => void)[] = [];
  /** Run while the hook is being called, once each. */
  const whileCalling: (() => Promise<void>)[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET' });
    await whileCalling.shift()?.();
    const answer = answers.shift() ?? 204;
    if (answer instanceof Error) throw answer;
    return new Response(answer === 204 ? null : 'body', { status: answer, statusText: answer === 500 ? 'Internal Server Error' : '' });
  }) as typeof globalThis.fetch;
  const make = (held = false) =>
    new DeployHookTrigger({
      db: t.database.db,
      url: HOOK,
      debounceMs: DEBOUNCE,
      fetch,
      now: () => new Date(clock.ms),
      sleep: () => (held ? new Promise<void>((resolve) => sleepers.push(resolve)) : Promise.resolve()),
      log: (line) => logs.push(line),
    });
  /** Waits until `count` sleeps are held (their changes are recorded), moves the clock past the debounce, lets them go. */
  const wakeSleepers = async (count: number) => {
    while (sleepers.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    clock.ms += DEBOUNCE;
    for (const wake of sleepers.splice(0)) wake();
  };
  return { clock, calls, answers, logs, hook: make(), make, wakeSleepers, whileCalling };
}

describe('DeployHookTrigger', () => {
  it('sends the changes of one debounce window as one POST', async () => {
    const { make, calls, clock, wakeSleepers } = setUp();
    const hook = make(true);
    hook.schedule('chapter 1 updated');
    hook.schedule('chapter 2 updated');
    hook.schedule('story "x" updated');
    await wakeSleepers(3);
    await hook.idle();
    expect(calls).toEqual([{ url: HOOK, method: 'POST' }]);
    expect(await hook.state()).toEqual({ publishing: false, last_published_at: new Date(clock.ms).toISOString(), last_error: null });
  });

  it('waits until no change came for the debounce time', async () => {
    const { hook, calls, clock } = setUp();
    hook.schedule('first');
    await hook.idle();
    clock.ms += DEBOUNCE - 1_000;
    hook.schedule('second'); // moves the call to START + 2 s + DEBOUNCE
    await hook.idle();
    expect(calls).toEqual([]);
    expect((await hook.state()).publishing).toBe(true);
    clock.ms = START + DEBOUNCE + 1_000;
    expect(await hook.runDue()).toBe('nothing due');
    clock.ms = START + 2 * DEBOUNCE - 1_000;
    expect(await hook.runDue()).toBe('called');
    expect(calls).toHaveLength(1);
    expect(await hook.runDue()).toBe('nothing due');
  });

  it('shows a failed call in the publish state, retries with growing waits, and a success clears the error', async () => {
    const { hook, calls, clock, answers, logs } = setUp();
    answers.push(500, new TypeError('fetch failed'), 204);
    hook.schedule('gallery "a" created');
    await hook.idle();
    clock.ms += DEBOUNCE;
    expect(await hook.runDue()).toBe('failed');
    const failedAt = new Date(clock.ms).toISOString();
    // Not "publishing": the admin shows either that or the failure (src/admin/PublishStatus.tsx).
    expect(await hook.state()).toEqual({
      publishing: false,
      last_published_at: null,
      last_error: {
        message: 'The deploy hook answered 500 Internal Server Error. Trying again at 2026-11-22T12:00:13Z (failed 1 time in a row).',
        at: failedAt,
      },
    });

    clock.ms += 9_999;
    expect(await hook.runDue()).toBe('nothing due'); // the first retry waits 10 s
    clock.ms += 1;
    expect(await hook.runDue()).toBe('failed');
    expect((await hook.state()).last_error?.message).toBe(
      'The deploy hook could not be reached: fetch failed. Trying again at 2026-11-22T12:00:33Z (failed 2 times in a row).',
    );

    // A change during the backoff does not bring the retry forward.
    hook.schedule('gallery "a" updated');
    await hook.idle();
    expect(await hook.state()).toMatchObject({ publishing: false, last_error: { at: new Date(clock.ms).toISOString() } });
    clock.ms += 19_999;
    expect(await hook.runDue()).toBe('nothing due');
    clock.ms += 1;
    expect(await hook.runDue()).toBe('called');
    expect(calls).toHaveLength(3);
    expect(await hook.state()).toEqual({ publishing: false, last_published_at: new Date(clock.ms).toISOString(), last_error: null });
    expect(logs.join('\n')).not.toContain('secret-token');
  });

  it('keeps a change made during the call pending for the next call', async () => {
    const { hook, calls, clock, make, whileCalling } = setUp();
    const other = make(); // another instance
    whileCalling.push(async () => {
      other.schedule('made while the hook was being called');
      await other.idle();
    });
    hook.schedule('first');
    await hook.idle();
    clock.ms += DEBOUNCE;
    expect(await hook.runDue()).toBe('called');
    expect((await hook.state()).publishing).toBe(true);
    clock.ms += DEBOUNCE;
    expect(await other.runDue()).toBe('called');
    expect(calls).toHaveLength(2);
    expect((await hook.state()).publishing).toBe(false);
  });

  it('lets only one instance call at a time', async () => {
    const { make, calls, clock } = setUp();
    const [a, b] = [make(), make()];
    a.schedule('change');
    await a.idle();
    clock.ms += DEBOUNCE;
    expect((await Promise.all([a.runDue(), b.runDue(), a.runDue()])).sort()).toEqual(['called', 'nothing due', 'nothing due']);
    expect(calls).toHaveLength(1);
  });

  it('reports an idle site before anything was scheduled, and does nothing when run', async () => {
    const { hook, calls } = setUp();
    expect(await hook.state()).toEqual({ publishing: false, last_published_at: null, last_error: null });
    expect(await hook.runDue()).toBe('nothing due');
    expect(calls).toEqual([]);
  });

  it('logs, not throws, when the change cannot be recorded', async () => {
    const { hook, logs } = setUp();
    await t.database.db.schema
      .dropTable('deploy_hook_state')
      .execute()
      .catch(() => {});
    try {
      hook.schedule('change');
      await hook.idle();
      expect(logs).toEqual([expect.stringMatching(/^deploy hook: .*deploy_hook_state/)]);
    } finally {
      const { up } = await import('#db/migrations/2026-11-22T0600_deploy_hook.ts');
      await up(t.database.db);
    }
  });
});

describe('GET /api/admin/publish-state with the deploy hook', () => {
  it('shows the failed call to an admin (other roles read that it failed: dashboard.test.ts)', async () => {
    const { hook, clock, answers } = setUp();
    const app = createApp({ ...t.deps, rebuild: hook });
    const cookie = await t.signedInAs('admin');
    answers.push(502);
    hook.schedule('story "x" created');
    await hook.idle();
    clock.ms += DEBOUNCE;
    await hook.runDue();
    const res = await app.request('http://localhost:4321/api/admin/publish-state', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      state: {
        publishing: false,
        last_published_at: null,
        last_error: {
          message: 'The deploy hook answered 502. Trying again at 2026-11-22T12:00:13Z (failed 1 time in a row).',
          at: '2026-11-22T12:00:03.000Z',
        },
      },
    });
  });
});

describe('deploy hook settings', () => {
  it('waits 10 s, then twice as long after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 10, 100].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000, 3_600_000, 3_600_000]);
  });

  it.each(['', 'not a url', 'ftp://host/hook', 'javascript:alert(1)', '/relative'])('refuses DEPLOY_HOOK_URL %j', (raw) => {
    expect(() => parseDeployHookUrl(raw)).toThrow('DEPLOY_HOOK_URL must be an http(s) URL');
  });
});
