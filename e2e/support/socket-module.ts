import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The web app's live-quote socket module (apps/web/src/platform/socket), bundled from source into
 * one script that starts it the way the app's startup does: `startQuoteSocket()`, which reads the
 * page's runtime config (window.__ZHICAI_RUNTIME__ written by the server) and publishes its status
 * as window.__zhicaiSocket; then it subscribes to `subscribeCodes` the way a quote page does. Until the shell starts the socket itself, the socket e2e adds this
 * script to a page the real server served; nothing of it ships in the app.
 */
export async function socketStarterScript(subscribeCodes: readonly string[] = []): Promise<string> {
  const result = await build({
    stdin: {
      contents: [
        "import { startQuoteSocket } from './apps/web/src/platform/socket/app-quote-socket.ts';",
        'const socket = startQuoteSocket();',
        `socket.subscribe(${JSON.stringify(subscribeCodes)}, () => {});`,
      ].join('\n'),
      resolveDir: repoRoot,
      sourcefile: 'start-quote-socket.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    absWorkingDir: repoRoot,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output)
    throw new Error(`esbuild produced nothing for ${path.join(repoRoot, 'apps/web/src/platform/socket')}`);
  return output.text;
}
