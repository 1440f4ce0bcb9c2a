export { LoadMore } from './load-more.tsx';
