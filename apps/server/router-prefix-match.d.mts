import type { Plugin } from 'esbuild';

export function withoutCompiledPrefixMatch(source: string): string;
export const routerPrefixMatchPlugin: Plugin;
