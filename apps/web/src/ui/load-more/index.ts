export { LoadMore, type LoadMoreQuery, loadMoreOf } from './load-more.tsx';
