import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS } from './routePreloads.ts';
import { ROUTES } from './routeTable.ts';

const screenOf = (path: string) =>
  matchRoutes(
    ROUTES.map((entry) => ({ path: entry.path, id: entry.screen })),
    path,
  )?.at(-1)?.route.id;

const PATHS = [
  '/album/abc',
  '/album/abc/',
  '/album/abc/onboarding',
  '/album/abc/stickers/section-1',
  '/album/abc/layout/spread/element',
  '/album/abc/layout/spread/element/more',
  '/album/abc/checkout',
  '/album/abc/checkout/',
  '/album/abc/checkout/step',
  '/album/abc/migrate',
  '/album/abc/preview',
  '/album/abc/preview/token',
  '/album/abc/preview/token/more',
  '/album/new',
  '/album/new/',
  '/album/new/confirm',
  '/album/new/wedding',
  '/album/newer/onboarding',
  '/album',
  '/albums/abc',
  '/login',
  '/',
  '/start',
  '/start/',
  '/started',
];

describe('the route preloads', () => {
  for (const preload of ROUTE_PRELOADS)
    it(`match exactly the paths the router gives the ${preload.screen} screen`, () => {
      const matched = PATHS.filter((path) => preload.pattern.test(path));
      expect(matched).toEqual(PATHS.filter((path) => screenOf(path) === preload.screen));
    });
});
