export {
  QuerySection,
  type QuerySectionProps,
  QueryStates,
  type QueryStatesProps,
  Section,
  SectionEmpty,
  SectionError,
  type SectionErrorProps,
  type SectionProps,
  type SectionQuery,
  SectionSkeleton,
  type SectionSkeletonProps,
} from './section.tsx';
