import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Pexels API on 127.0.0.1 speaking its wire format (https://www.pexels.com/api/documentation/):
 * `Authorization: <key>` (no Bearer), GET /v1/search?query&per_page&page&locale and GET /v1/photos/:id, photo
 * resources with every `src` size. It counts requests so tests can prove the client's cache.
 */
export interface FakePexels {
  url: string;
  /** Every request received, in order: path, query and the Authorization header. */
  requests: Array<{ path: string; query: URLSearchParams; authorization?: string }>;
  /** Make the next answers fail with this status (undefined: answer normally). */
  failWith: number | undefined;
  close(): Promise<void>;
}

export interface FakePexelsPhoto {
  id: number;
  photographer: string;
  alt: string;
  tags: string[];
  /** Where its image files are; images.pexels.com unless a test says otherwise. */
  host?: string;
}

/** 40 'celebration' photos, 5 'office team' ones, one football and one mountain photo. */
function defaultPexelsPhotos(): FakePexelsPhoto[] {
  const photos: FakePexelsPhoto[] = [];
  for (let i = 1; i <= 40; i += 1) {
    photos.push({
      id: 1000 + i,
      photographer: `Photographer ${i}`,
      alt: `Party number ${i}`,
      tags: ['celebration'],
    });
  }
  for (let i = 1; i <= 5; i += 1) {
    photos.push({
      id: 2000 + i,
      photographer: 'Office Pro',
      alt: `Team at work ${i}`,
      tags: ['office', 'team'],
    });
  }
  photos.push({ id: 3001, photographer: 'Stadium Shots', alt: 'A football on grass', tags: ['football'] });
  photos.push({ id: 4001, photographer: 'Hill Walker', alt: 'Snow on a mountain', tags: ['mountain'] });
  // A photo whose files are on a host outside the upload domains (SPEC §9): never handed out.
  photos.push({
    id: 5001,
    photographer: 'Elsewhere',
    alt: 'A lighthouse',
    tags: ['lighthouse'],
    host: 'cdn.elsewhere.example',
  });
  return photos;
}

export async function startFakePexels(apiKey: string, photos = defaultPexelsPhotos()): Promise<FakePexels> {
  let base = '';
  const resource = (photo: FakePexelsPhoto) => {
    const file = `https://${photo.host ?? 'images.pexels.com'}/photos/${photo.id}/pexels-photo-${photo.id}.jpeg`;
    return {
      id: photo.id,
      width: 4000,
      height: 3000,
      url: `https://www.pexels.com/photo/${photo.id}/`,
      photographer: photo.photographer,
      photographer_url: `https://www.pexels.com/@${photo.photographer.toLowerCase().replace(/\W+/g, '-')}`,
      photographer_id: photo.id * 7,
      avg_color: '#978E82',
      src: {
        original: file,
        large2x: `${file}?auto=compress&cs=tinysrgb&dpr=2&h=650&w=940`,
        large: `${file}?auto=compress&cs=tinysrgb&h=650&w=940`,
        medium: `${file}?auto=compress&cs=tinysrgb&h=350`,
        small: `${file}?auto=compress&cs=tinysrgb&h=130`,
        portrait: `${file}?auto=compress&cs=tinysrgb&fit=crop&h=1200&w=800`,
        landscape: `${file}?auto=compress&cs=tinysrgb&fit=crop&h=627&w=1200`,
        tiny: `${file}?auto=compress&cs=tinysrgb&dpr=1&fit=crop&h=200&w=280`,
      },
      liked: false,
      alt: photo.alt,
    };
  };

  const fake: FakePexels = {
    url: '',
    requests: [],
    failWith: undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const answer = (request: IncomingMessage) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    fake.requests.push({
      path: url.pathname,
      query: url.searchParams,
      authorization: request.headers.authorization,
    });
    if (fake.failWith) return { status: fake.failWith, body: { error: 'Something went wrong' } };
    if (request.headers.authorization !== apiKey) return { status: 401, body: { error: 'Unauthorized' } };
    if (url.pathname === '/v1/search') {
      const query = (url.searchParams.get('query') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 15), 80);
      const words = query.split(/\s+/).filter(Boolean);
      const matches = photos.filter((p) => words.length > 0 && words.every((w) => p.tags.includes(w)));
      const slice = matches.slice((page - 1) * perPage, page * perPage);
      const next = page * perPage < matches.length;
      const link = (n: number) =>
        `${base}/v1/search/?page=${n}&per_page=${perPage}&query=${encodeURIComponent(query)}`;
      return {
        status: 200,
        body: {
          total_results: matches.length,
          page,
          per_page: perPage,
          photos: slice.map(resource),
          ...(page > 1 ? { prev_page: link(page - 1) } : {}),
          ...(next ? { next_page: link(page + 1) } : {}),
        },
      };
    }
    const byId = /^\/v1\/photos\/(\d+)$/.exec(url.pathname);
    if (byId) {
      const photo = photos.find((p) => p.id === Number(byId[1]));
      return photo ? { status: 200, body: resource(photo) } : { status: 404, body: { error: 'Not Found' } };
    }
    return { status: 404, body: { error: 'Not Found' } };
  };

  const server: Server = createServer((request, response) => {
    const { status, body } = answer(request);
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-ratelimit-limit': '20000',
      'x-ratelimit-remaining': '19999',
    });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = base;
  return fake;
}
