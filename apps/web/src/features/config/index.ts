export { useAppMenus } from './api/get-app-menus.ts';
export { AppMenuGrid } from './components/app-menu-grid.tsx';
