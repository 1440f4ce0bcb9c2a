/**
 * How long the home page's market overview (summary, plates, capital ranks, northbound flow) stays
 * fresh: it moves during the session, and a minute keeps the tab switch cheap without going stale.
 */
export const overviewStaleTime = 60 * 1000;
