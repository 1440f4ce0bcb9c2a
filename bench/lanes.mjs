// Shared by the socket benchmarks' worker threads (websocket-clients.mjs, flash-push-clients.mjs).

/** Runs task(0) … task(count - 1), at most `concurrency` at once; resolves when all have. */
export async function inLanes(count, concurrency, task) {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}
