import { useEffect, useState } from 'react';

type Size = { width: number; height: number };
const known = new Map<string, Size>();

/**
 * The pixel size of an image when the caller has no image record at hand (imageSizeFor): measured
 * once per URL and cached, so a re-render never waits for it again.
 */
export function useNaturalSize(url: string | undefined, given: Size | undefined): Size | undefined {
  const [, setVersion] = useState(0);
  const cached = url ? known.get(url) : undefined;
  const needed = !given && !cached && url !== undefined;
  useEffect(() => {
    if (!needed || typeof Image === 'undefined') return;
    let live = true;
    const img = new Image();
    img.onload = () => {
      if (img.naturalWidth > 0) known.set(url, { width: img.naturalWidth, height: img.naturalHeight });
      if (live) setVersion((v) => v + 1);
    };
    img.src = url;
    return () => {
      live = false;
    };
  }, [needed, url]);
  return given ?? cached;
}
