/**
 * Node's own options for the API tier's processes: its vitest workers (vitest.config.ts) and the
 * programs its tests start (the server, the backup CLI; test/spawned.ts). They live for seconds to
 * a couple of minutes, so V8 compiles PGlite's WebAssembly with its quick compiler only and skips
 * the optimising one, whose background work cost more than it won back: ~1.5 CPU s a started
 * process, and the tier's workers 213 → 187 CPU s.
 */
export const SHORT_LIVED = ['--liftoff-only'];
