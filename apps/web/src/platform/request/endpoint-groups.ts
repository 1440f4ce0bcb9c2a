import type { Endpoint } from '@zhicai/contract';
import { type ApiGroupName, apiGroups } from '@zhicai/contract/api-groups';
import { inBackground } from '../in-background.ts';

export type { ApiGroupName } from '@zhicai/contract/api-groups';

type Group = Readonly<Record<string, Endpoint>>;

/**
 * The contract's endpoint objects (with their zod schemas), one group at a time: a page's first call
 * waits only for the schemas of its own group, not for every group's (about 300 ms at 4× CPU when
 * they came as one chunk). A group loads once and stays; a failed load is tried again on next use.
 */
const loaders = new Map<string, () => Promise<Group>>();
const loaded = new Map<string, Group>();

export function isApiGroup(group: string): group is ApiGroupName {
  return Object.hasOwn(apiGroups, group);
}

/** Loads a group's endpoints (once); rejects for a name that is no group of the contract. */
export function endpointGroup(group: string): Promise<Group> {
  if (!isApiGroup(group)) return Promise.reject(new Error(`The contract has no endpoint group ${group}`));
  let load = loaders.get(group);
  if (!load) {
    const loadGroup: () => Promise<Group> = apiGroups[group];
    load = inBackground(() =>
      loadGroup().then((endpoints) => {
        loaded.set(group, endpoints);
        return endpoints;
      }),
    );
    loaders.set(group, load);
  }
  return load();
}

/** A group's endpoints if they have loaded already, without waiting. */
export function loadedEndpointGroup(group: string): Group | undefined {
  return loaded.get(group);
}

/**
 * Starts loading groups a page is about to call, beside its chunk (the shell calls this on a
 * navigation), so the page's first request does not wait for them after its chunk has run.
 */
export function preloadEndpointGroups(groups: readonly ApiGroupName[]): void {
  for (const group of groups) void endpointGroup(group).catch(() => undefined);
}
