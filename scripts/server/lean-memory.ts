// The environment that keeps the server's child processes small (docs/decisions/0055-memory-of-the-server-and-its-builds.md).
// glibc gives every thread that allocates its own malloc arena and keeps freed memory in it; Node's
// thread pool (compression, file reads) has four threads, so a process holds several arenas'
// worth of freed memory. Two arenas cost nothing measurable here and keep 30 to 250 MB per process
// from lingering. The server itself gets the same from `npm start`, the systemd unit and the Dockerfile.
export const LEAN_MALLOC_ENV = { MALLOC_ARENA_MAX: process.env['MALLOC_ARENA_MAX'] || '2' };
