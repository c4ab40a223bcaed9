/**
 * A library loaded on first use rather than at start. For the large ones only a few requests
 * need (PDF export, fonts, SAML, git sync, spec validation, HTML import): loaded at start, their
 * source and code stay in the heap of every process, and V8 grows the heap in proportion to
 * what is live. `load` is a `require` of the module, written at the call site so that the
 * bundler-free build and the type checker both see it.
 */
export function onFirstUse<T>(load: () => T): () => T {
  let loaded: { module: T } | undefined;
  return () => (loaded ??= { module: load() }).module;
}
