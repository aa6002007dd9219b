import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client.ts';
import { RenderRoot } from './RenderRoot.tsx';
import { SpreadContent } from './SpreadContent.tsx';
import { deriveIndex } from './store/derived.ts';
import {
  imageUrlsFromRecords,
  parsePreviewParams,
  previewDocument,
  previewMeta,
  type BlueprintResponse,
} from './blueprintPreview.ts';
import { SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM } from '@stickerbook/model';

/** /blueprint_preview (SPEC §2): every spread of a blueprint, stacked, with the query's overrides. */
export default function BlueprintPreviewPage() {
  const [query] = useSearchParams();
  const { t, i18n } = useTranslation();
  const params = useMemo(() => parsePreviewParams(query), [query]);
  const blueprint = useQuery({
    queryKey: ['blueprints', params.blueprintId, 'full'],
    queryFn: () =>
      api.get<BlueprintResponse>(`/blueprints/${encodeURIComponent(params.blueprintId ?? '')}`, {
        anonymous: true,
      }),
    enabled: params.blueprintId !== undefined,
  });
  const data = blueprint.data;
  const doc = useMemo(() => (data ? previewDocument(data, params) : undefined), [data, params]);
  const meta = useMemo(
    () => (data ? previewMeta(data, params, i18n.language) : undefined),
    [data, params, i18n.language],
  );
  const imageUrlFor = useMemo(() => imageUrlsFromRecords(data?.images), [data]);
  const spreadIds = useMemo(() => (doc ? deriveIndex(doc).spreadIds : []), [doc]);

  if (params.blueprintId === undefined || blueprint.isError) {
    return <p role="alert">{t('errors.generic')}</p>;
  }
  if (!doc) return <div aria-busy="true" />;
  return (
    <RenderRoot doc={doc} albumMeta={meta} imageUrlFor={imageUrlFor} zoom={0.9}>
      <main
        aria-label={params.blueprintName ?? data?.title}
        style={{ display: 'grid', gap: 24, padding: 24, background: '#e9ecef' }}
      >
        {spreadIds.map((id) => (
          <svg
            key={id}
            xmlns="http://www.w3.org/2000/svg"
            viewBox={`0 0 ${SPREAD_WIDTH_MM} ${SPREAD_HEIGHT_MM}`}
            style={{
              display: 'block',
              width: '100%',
              maxWidth: 1400,
              margin: '0 auto',
              boxShadow: '0 2px 12px rgba(0,0,0,.15)',
            }}
            data-testid="blueprint-spread"
          >
            <SpreadContent spreadId={id} />
          </svg>
        ))}
      </main>
    </RenderRoot>
  );
}
