import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverNodeOptions, startScriptNodeOptions } from './server-node-options.mjs';

describe('the server node options', () => {
  it('are the flags npm start gives the server', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(scripts.start).toContain(`node ${serverNodeOptions.join(' ')} apps/server/dist/server.js`);
    expect(serverNodeOptions).toEqual(
      expect.arrayContaining(['--no-memory-reducer', '--v8-pool-size=0', '--heap-growing-percent=100']),
    );
  });

  it('read flags with values and none at all', () => {
    expect(startScriptNodeOptions('npm run build && node --a --b=2 apps/server/dist/server.js')).toEqual([
      '--a',
      '--b=2',
    ]);
    expect(startScriptNodeOptions('node apps/server/dist/server.js')).toEqual([]);
  });

  it('refuse a start script that does not run the server bundle', () => {
    expect(() => startScriptNodeOptions('node other.js')).toThrow(
      /does not run apps\/server\/dist\/server\.js/,
    );
  });
});
