/** Beijing wall-clock time of an ISO instant: `11-20 10:31`, with the year when it is not this one. */
export function beijingTime(iso: string, now = new Date()): string {
  const beijing = new Date(Date.parse(iso) + 8 * 3600_000).toISOString();
  const thisYear = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 4);
  const date = beijing.slice(0, 4) === thisYear ? beijing.slice(5, 10) : beijing.slice(0, 10);
  return `${date} ${beijing.slice(11, 16)}`;
}

/** What a failed write tells the user: the server's Chinese message, or a fallback. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message) ? error.message : fallback;
}

/** The thread of a column article's comments (`/column-article-detail/{articleId}/{commId}`). */
export const columnThread = (articleId: string) => `column:${articleId}`;
/** The thread of a 专题 topic. */
export const topicThread = (topic: string) => `topic:${topic}`;
/** The thread of a question's discussion. */
export const questionThread = (id: number) => `question:${id}`;

/** A record id from a link, or 0 when the link holds none (the page then says it is not there). */
export function validId(text: string | null | undefined): number {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}
