// find-my-way (Fastify's router) compiles each static node's prefix test with `new Function`, once
// per node and again whenever a later route splits the node: a few thousand compilations each time
// the server registers its routes, about a tenth of a second of a restart's CPU (issue 15 item 8),
// and code that V8's code cache (src/code-cache.ts) cannot keep. The bundle gets a closure instead:
// `startsWith` at the node's offset answers the same question without compiling anything.
import { readFile } from 'node:fs/promises';

const compiledPrefixMatch = `  const lines = []
  for (let i = 1; i < prefix.length; i++) {
    const charCode = prefix.charCodeAt(i)
    lines.push(\`path.charCodeAt(i + \${i}) === \${charCode}\`)
  }
  return new Function('path', 'i', \`'use strict'\\nreturn \${lines.join(' && ')}\`) // eslint-disable-line
}`;

const closurePrefixMatch = `  return function matchPrefix (path, i) {
    return path.startsWith(prefix, i)
  }
}`;

/**
 * find-my-way's lib/node.js with the prefix test as a closure. Throws when the compiled test is not
 * there as expected (a find-my-way update): the build then fails instead of silently keeping it.
 */
export function withoutCompiledPrefixMatch(source) {
  const normalized = source.replaceAll('\r\n', '\n');
  if (!normalized.includes(compiledPrefixMatch))
    throw new Error(
      "find-my-way's compilePrefixMatch changed: update router-prefix-match.mjs to its new source",
    );
  return normalized.replace(compiledPrefixMatch, closurePrefixMatch);
}

/** The esbuild plugin that bundles find-my-way's lib/node.js through withoutCompiledPrefixMatch. */
export const routerPrefixMatchPlugin = {
  name: 'router-prefix-match',
  setup(build) {
    build.onLoad({ filter: /[\\/]find-my-way[\\/]lib[\\/]node\.js$/ }, async ({ path }) => ({
      contents: withoutCompiledPrefixMatch(await readFile(path, 'utf8')),
      loader: 'js',
    }));
  },
};
