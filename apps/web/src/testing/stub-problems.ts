/**
 * What the API stub found wrong during a test: an answer whose `datas` does not match the
 * contract, or a call whose params the server would refuse. The stub answers such a call with a
 * failure (as the real client or server would fail), which a test may only notice as a timeout; so
 * the problems are kept here and test-setup.ts fails the test with them afterwards. This module has
 * no imports, so test files that never stub the API do not load the contract for it.
 */
const problems: string[] = [];

export function reportStubProblem(problem: string): void {
  problems.push(problem);
}

/** Throws the problems of the test that just ran, and forgets them. */
export function throwStubProblems(): void {
  if (problems.length === 0) return;
  const found = problems.splice(0);
  throw new Error(`The API stub found problems:\n${found.join('\n')}`);
}
