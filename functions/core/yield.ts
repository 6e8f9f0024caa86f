/**
 * Lets the event loop run whatever is waiting (other requests, timers) before going on. Long
 * work on attacker bytes is cut into bounded steps with this between them, so one upload never
 * holds the server (decision 18). A timer, not a microtask: microtasks run before any I/O.
 * setTimeout is a Web standard, so this works in Node and in workerd alike.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Longest stretch of work between two turns of the event loop, for yieldWhenDue. */
const SLICE_MS = 20;
let sliceStarted = performance.now();

/**
 * Gives the event loop a turn when the current stretch of work has run SLICE_MS, for loops over
 * many small steps (unpacking and writing archives). In workerd the clock stands still while code
 * runs, so there it never yields: use yieldToEventLoop where steps are counted in work instead.
 */
export async function yieldWhenDue(): Promise<void> {
  if (performance.now() - sliceStarted < SLICE_MS) return;
  await yieldToEventLoop();
  sliceStarted = performance.now();
}
