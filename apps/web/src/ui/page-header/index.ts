export { PageHeader, type PageHeaderProps } from './page-header.tsx';
export { useGoBack } from './use-go-back.ts';
