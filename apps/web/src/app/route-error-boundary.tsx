import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './route-error';

interface LocationErrorBoundaryProps {
  locationKey: string;
  children: ReactNode;
}

interface LocationErrorBoundaryState {
  locationKey: string;
  caught: { error: unknown } | null;
}

class LocationErrorBoundary extends Component<LocationErrorBoundaryProps, LocationErrorBoundaryState> {
  override state: LocationErrorBoundaryState = { locationKey: this.props.locationKey, caught: null };

  static getDerivedStateFromError(error: unknown): Partial<LocationErrorBoundaryState> {
    // Wrapped, since anything can be thrown, undefined included.
    return { caught: { error } };
  }

  static getDerivedStateFromProps(
    props: LocationErrorBoundaryProps,
    state: LocationErrorBoundaryState,
  ): Partial<LocationErrorBoundaryState> | null {
    // Moving elsewhere (the back button, a link that still works) gives the pages another chance, as the data
    // router did.
    return props.locationKey === state.locationKey ? null : { locationKey: props.locationKey, caught: null };
  }

  override render() {
    return this.state.caught ? <RouteError error={this.state.caught.error} /> : this.props.children;
  }
}

/** Around the routes: an error that escapes a page, or a page whose code cannot load, shows the error page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <LocationErrorBoundary locationKey={useLocation().key}>{children}</LocationErrorBoundary>;
}
