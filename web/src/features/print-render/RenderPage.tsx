import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { isAllowedApiUrl, parseRenderQuery } from '@stickerbook/model';
import { PrintDocument } from './PrintDocument.tsx';
import { announceError } from './readiness.ts';
import { RenderLoadError, fetchRenderData, type RenderData } from './renderData.ts';

/**
 * SPEC §2 /render/{albumId?}: the print renderer the export worker opens in headless Chromium. Options come
 * from the query; it authenticates with the render token (never a login) and sends that token only to our own
 * API: an api_url on any other origin is refused before anything is requested.
 */
export function RenderPage() {
  const { t } = useTranslation();
  const { albumId: pathAlbumId } = useParams();
  const [query] = useSearchParams();
  const parsed = useMemo(() => parseRenderQuery((key) => query.get(key), pathAlbumId), [query, pathAlbumId]);
  const apiUrl = parsed.apiUrl ?? `${window.location.origin}/api/v1`;
  const refusal =
    parsed.problems[0] ?? (isAllowedApiUrl(apiUrl, [window.location.origin]) ? undefined : 'API_URL_REFUSED');
  const [data, setData] = useState<RenderData>();
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    if (refusal || !parsed.albumId || !parsed.token) return;
    const controller = new AbortController();
    fetchRenderData(apiUrl, parsed.albumId, parsed.token, controller.signal).then(
      setData,
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(error instanceof RenderLoadError ? error.code : 'LOAD_FAILED');
      },
    );
    return () => controller.abort();
  }, [refusal, apiUrl, parsed.albumId, parsed.token]);

  const problem = refusal ?? loadError;
  useEffect(() => {
    if (problem) announceError(problem);
  }, [problem]);

  useEffect(() => {
    if (data) document.title = `${data.album.title} · ${t('print.render.title')}`;
  }, [data, t]);

  if (problem) {
    return (
      <main
        role="alert"
        data-render-error={problem}
        style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}
      >
        <h1 style={{ fontSize: 20 }}>{t('print.render.title')}</h1>
        <p>{t(`errors.render.${problem}`, { defaultValue: t('errors.render.LOAD_FAILED') })}</p>
      </main>
    );
  }
  if (!data) return <div aria-busy="true" data-render-loading />;
  return <PrintDocument data={data} settings={parsed.settings} />;
}
