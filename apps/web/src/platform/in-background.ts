/**
 * Loads a module in the background, once; a failed load (the device went offline before it
 * arrived) is tried again on the next use.
 */
export function inBackground<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  void get().catch(() => undefined);
  return get;
}
