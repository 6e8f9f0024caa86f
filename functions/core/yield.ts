/**
 * Lets the event loop run whatever is waiting (other requests, timers) before going on. Long
 * work on attacker bytes is cut into bounded steps with this between them, so one upload never
 * holds the server (decision 18). A timer, not a microtask: microtasks run before any I/O.
 * setTimeout is a Web standard, so this works in Node and in workerd alike.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
