import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';
import { preloadMatches } from './preload-matches';

function Static() {
  return null;
}

/** A route table shaped like the app's, whose lazy pages note in `fetched` whose code was asked for. */
function routesNoting(fetched: string[]): RouteObject[] {
  const page = (name: string) =>
    lazyPage(async () => {
      fetched.push(name);
      return Static;
    });
  return [
    {
      Component: Static,
      children: [
        { path: 'login', Component: page('login') },
        {
          Component: page('query layout'),
          children: [
            {
              Component: Static,
              children: [
                {
                  Component: page('shell'),
                  children: [
                    { path: 'dashboard', Component: page('dashboard') },
                    {
                      path: ':id',
                      Component: page('project'),
                      children: [
                        { index: true, Component: page('cards') },
                        { path: 'kanban', Component: page('kanban') },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', Component: Static },
      ],
    },
  ];
}

describe('preloadMatches', () => {
  it('asks for the code of every lazy route a deep link matches at once, layouts and page, and no other', async () => {
    const fetched: string[] = [];
    const routes = routesNoting(fetched);
    const deepLink = { pathname: '/0190c3f4-7d2a-7b1e-8f00-000000000001/kanban' };
    const loads = preloadMatches(routes, deepLink);
    // Every import has started before any of them settled: none waits for its parent.
    expect(fetched).toEqual(['query layout', 'shell', 'project', 'kanban']);
    expect(loads).toHaveLength(4);
    await Promise.all(loads);
    // Once the code is here there is nothing to wait for, and nothing is fetched again.
    expect(preloadMatches(routes, deepLink)).toEqual([]);
    expect(preloadMatches(routes, { pathname: '/0190c3f4-7d2a-7b1e-8f00-000000000001' })).toHaveLength(1);
    expect(fetched).toEqual(['query layout', 'shell', 'project', 'kanban', 'cards']);
  });

  it('asks for nothing when only static routes match', () => {
    const fetched: string[] = [];
    expect(preloadMatches(routesNoting(fetched), { pathname: '/no/such/page' })).toEqual([]);
    expect(fetched).toEqual([]);
  });
});
