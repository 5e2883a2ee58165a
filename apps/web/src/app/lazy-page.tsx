import { type ComponentType, type ReactNode, use } from 'react';

/** A route's component whose code is a chunk of its own, with the means to fetch that code before it renders. */
export interface LazyPage {
  (): ReactNode;
  /** Starts fetching the code if needed; answers the fetch while it is under way (or failed), null once it is here. */
  preload(): Promise<ComponentType> | null;
}

/**
 * Not React.lazy: that suspends on its first render even when its import has already settled, and a page first
 * rendered by an update outside a navigation (the session or the project having loaded) would then hide the whole app
 * behind the loader for a moment. Once its code is here, this renders at once.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  // Kept when it fails too, as the data router did: the error page offers a reload, which is what fixes a lost chunk.
  let loading: Promise<ComponentType> | undefined;
  function fetchCode(): Promise<ComponentType> {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  }
  function LazyPageRoute() {
    const Page = loaded ?? use(fetchCode());
    return <Page />;
  }
  return Object.assign(LazyPageRoute, { preload: () => (loaded ? null : fetchCode()) });
}
