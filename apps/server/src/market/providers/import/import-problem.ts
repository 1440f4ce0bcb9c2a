/** A problem with one place of an import file, printed as `file:line: field: message`. */
export interface ImportProblem {
  file: string;
  /** 1-based line; 0 when the problem is the file as a whole. */
  line: number;
  /** The column (CSV) or key (JSON Lines) at fault, when there is one. */
  field?: string;
  message: string;
}

export function formatProblem(problem: ImportProblem): string {
  const place = problem.line > 0 ? `${problem.file}:${problem.line}` : problem.file;
  return problem.field ? `${place}: ${problem.field}: ${problem.message}` : `${place}: ${problem.message}`;
}

/** How many problems of one file are listed before the rest are only counted. */
export const problemListLimit = 20;

/** A file that was rejected as a whole; nothing of it was written. */
export class ImportFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly ImportProblem[],
  ) {
    const listed = problems.slice(0, problemListLimit).map(formatProblem);
    const more = problems.length - listed.length;
    super(more > 0 ? [...listed, `… and ${more} more problems in ${file}`].join('\n') : listed.join('\n'));
    this.name = 'ImportFileError';
  }
}

/** Problems in file order (a stable sort: the problems of one line keep the order they were found in). */
export function inLineOrder(problems: readonly ImportProblem[]): ImportProblem[] {
  return [...problems].sort((a, b) => a.line - b.line);
}
