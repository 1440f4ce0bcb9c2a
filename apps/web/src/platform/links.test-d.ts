import type { RouteName } from '@zhicai/contract';
import type { DetailRoute, TabRoute } from '@zhicai/domain';
import { expectTypeOf, test } from 'vitest';

// Compiled by `tsc -b`: the domain names pages by route without importing the contract (the contract
// imports the domain), so this is where its names are held to the route table.
test("the domain's route names are routes of the contract's table", () => {
  expectTypeOf<DetailRoute>().toExtend<RouteName>();
  expectTypeOf<TabRoute>().toExtend<RouteName>();
});
