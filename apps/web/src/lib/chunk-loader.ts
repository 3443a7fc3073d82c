/** spec §9: a page chunk that has not arrived after 120 s counts as failed. */
export const chunkLoadTimeoutMs = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

/**
 * Wraps a dynamic import so it fails with ChunkLoadError after the timeout or on a network
 * failure, which the route error element turns into the spec's "page load took too long" panel.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk load timed out after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : 'Chunk load failed'));
      },
    );
  });
}

/** Dynamic-import failures look different in each browser; all of them mean "the chunk did not load". */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(
    error.message,
  );
}
