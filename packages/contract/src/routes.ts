export const routeTable = [] as const;
