import { Component, type ReactNode } from 'react';

interface OptionalBoundaryState {
  failed: boolean;
}

/**
 * Renders nothing instead of its children when they fail (for example a lazily loaded chunk that
 * cannot be fetched offline). For decorations such as the activity popup or the toast container,
 * whose failure must not take the page down with it.
 */
export class OptionalBoundary extends Component<{ children: ReactNode }, OptionalBoundaryState> {
  override state: OptionalBoundaryState = { failed: false };

  static getDerivedStateFromError(): OptionalBoundaryState {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
