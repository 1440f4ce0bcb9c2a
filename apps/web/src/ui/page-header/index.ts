export { PageHeader, type PageHeaderProps } from './page-header.tsx';
export { useRouteTitle } from './route-title.ts';
export { useGoBack } from './use-go-back.ts';
