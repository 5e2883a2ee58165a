import { DotsLoader } from './dots-loader';

/** The whole viewport while something the page depends on (auth state, a route's code) loads. */
export function FullPageLoader() {
  return (
    <main className="grid min-h-dvh place-items-center">
      <DotsLoader />
    </main>
  );
}
