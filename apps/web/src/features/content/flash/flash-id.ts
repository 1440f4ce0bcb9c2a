/** The flash id of a page's `id` query parameter; null when it is not a positive integer. */
export function flashIdOf(text: string | null): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}
