/** The one module off the storage floor that tests the URL. */
export const URL_TEST_HOME: string;
/** What an engine branch looks like, by name. */
export const ENGINE_BRANCHES: [string, RegExp][];
/** The engine branches of `root`'s src/ off the storage floor: `file:line: what`. */
export function engineBranches(root: string): string[];
