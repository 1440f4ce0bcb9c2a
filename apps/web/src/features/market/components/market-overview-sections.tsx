import { CapitalRankTabs } from './capital-rank-tabs.tsx';
import { NorthFlow } from './north-flow.tsx';
import { PlateBoard } from './plate-board.tsx';
import { RiseFallDistribution } from './rise-fall-distribution.tsx';

/**
 * The home page's market overview below the index strip and the menus. It is its own chunk, loaded
 * beside the home page (see home-page.tsx): the first paint shows these cards as skeletons anyway,
 * so their code need not hold it up.
 */
export default function MarketOverviewSections() {
  return (
    <>
      <RiseFallDistribution />
      <NorthFlow />
      <PlateBoard direction="up" />
      <PlateBoard direction="down" />
      <CapitalRankTabs />
    </>
  );
}
