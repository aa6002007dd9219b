import { useQuery } from '@tanstack/react-query';
import type { CoverView } from '@stickerbook/api';
import { SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM, spreadsInOrder } from '@stickerbook/model';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import type { WithDocument } from '../api/types.ts';
import { imageUrlsFromRecords } from '../render/blueprintPreview.ts';
import { RenderRoot } from '../render/RenderRoot.tsx';
import { SpreadContent } from '../render/SpreadContent.tsx';

/** GET /albums/:id/cover and /blueprints/:id/cover: the first spread as a document of its own. */
type Cover = WithDocument<CoverView>;

interface Props {
  /** The cover endpoint, e.g. `/albums/{id}/cover`. */
  path: string;
  /** Template covers are public; album covers need the session. */
  anonymous?: boolean;
  /** Shown while the cover loads and when it cannot be loaded. */
  fallback: ReactNode;
}

/**
 * The real cover of an album or template, drawn by the album renderer (lazy chunk: the start page and the
 * wizard show their cards first, then the covers).
 */
export default function CoverPreview({ path, anonymous = false, fallback }: Props) {
  const { i18n } = useTranslation();
  // A template's cover speaks the UI language (the texts an album in it starts with); an album's speaks its own.
  const language = anonymous ? i18n.language : null;
  const cover = useQuery({
    queryKey: ['cover', path, language],
    queryFn: ({ signal }) => api.get<Cover>(path, { anonymous, signal }),
    staleTime: 30_000,
    retry: 1,
  });
  const data = cover.data;
  const imageUrlFor = useMemo(() => imageUrlsFromRecords(data?.images), [data]);
  const meta = useMemo(
    () => data && { title: data.title, releaseDate: data.release_date, language: data.language },
    [data],
  );
  const spreadId = data ? spreadsInOrder(data.workspace)[0]?.id : undefined;
  if (!data || !spreadId) return <>{fallback}</>;
  return (
    <RenderRoot doc={data.workspace} albumMeta={meta} imageUrlFor={imageUrlFor} zoom={0.3}>
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${SPREAD_WIDTH_MM} ${SPREAD_HEIGHT_MM}`}
        preserveAspectRatio="xMidYMid slice"
        style={{ display: 'block', width: '100%', height: '100%' }}
        aria-hidden
        data-testid="cover-preview"
      >
        <SpreadContent spreadId={spreadId} />
      </svg>
    </RenderRoot>
  );
}
