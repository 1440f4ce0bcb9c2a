import { lazy } from 'react';

/** The toast container (top centre, library defaults), loaded after first paint. */
export const AppToaster = lazy(() =>
  import('react-hot-toast').then(({ Toaster }) => ({
    default: function AppToaster() {
      return <Toaster position="top-center" />;
    },
  })),
);
