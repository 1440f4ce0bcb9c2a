export { LoadMore, type LoadMoreQuery } from './load-more.tsx';
