import { Image } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface Props {
  /** The album's `cover_preview_url` (SPEC §3). */
  src: string;
  /** Drawn instead while there is no thumbnail yet (the server answers 204) or it cannot be loaded. */
  fallback: ReactNode;
}

/**
 * The cover thumbnail the server renders (server/src/albums/cover-preview.ts): one small JPEG instead of drawing
 * the cover in the page. Until the first one exists the URL answers 204, so the image fails quietly and the
 * fallback (the cover drawn by the renderer) shows instead.
 */
export function CoverImage({ src, fallback }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) return <>{fallback}</>;
  return (
    <Image src={src} alt="" fit="cover" data-testid="cover-thumbnail" onError={() => setFailedSrc(src)} />
  );
}
