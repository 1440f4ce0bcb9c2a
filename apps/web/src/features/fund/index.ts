/** The fund feature's public surface for other features. */
export { AsyncSection, SectionError, SkeletonLines } from './components/async-section.tsx';
