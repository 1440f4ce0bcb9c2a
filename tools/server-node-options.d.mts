/** The node options package.json's start script gives the server (see server-node-options.mjs). */
export declare const serverNodeOptions: readonly string[];
/** The `--flags` between `node` and apps/server/dist/server.js in a start script. */
export declare function startScriptNodeOptions(startScript: string): string[];
