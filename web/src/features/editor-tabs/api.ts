import { useQuery } from '@tanstack/react-query';
import type { FullBlueprintView, OnboardingStateView, StickerTemplateListView } from '@stickerbook/api';
import type { StickerTemplate } from '@stickerbook/model';
import { api } from '../../api/client.ts';
import type { WithDocument } from '../../api/types.ts';

// Server reads of the album-structure tabs; keys beside the hooks so they live in one place.
const structureQueryKeys = {
  onboarding: (albumId: string) => ['albums', albumId, 'onboarding_state'] as const,
  blueprint: (id: string) => ['blueprints', id, 'full'] as const,
  stickerTemplates: ['sticker_templates'] as const,
};

export function useOnboardingState(albumId: string) {
  return useQuery({
    queryKey: structureQueryKeys.onboarding(albumId),
    queryFn: () =>
      api.get<OnboardingStateView>(`/albums/${encodeURIComponent(albumId)}/onboarding_state`, {
        asGuest: true,
      }),
  });
}

/** A blueprint with its workspace: its spreads are the album's layouts (SPEC §2 layouts tab, creation modal). */
export function useBlueprintDocument(blueprintId: string | null | undefined) {
  return useQuery({
    queryKey: structureQueryKeys.blueprint(blueprintId ?? ''),
    queryFn: async () =>
      (
        await api.get<WithDocument<FullBlueprintView>>(`/blueprints/${encodeURIComponent(blueprintId!)}`, {
          asGuest: true,
        })
      ).workspace,
    enabled: Boolean(blueprintId),
    staleTime: 10 * 60_000,
  });
}

/**
 * The sticker frame templates (SPEC §3) by id, for every renderer that draws placed stickers:
 * `<RenderRoot templates={useStickerTemplates().data} …>`.
 */
export function useStickerTemplates() {
  return useQuery({
    queryKey: structureQueryKeys.stickerTemplates,
    queryFn: async () => {
      const { sticker_templates } = await api.get<StickerTemplateListView>('/sticker_templates', {
        asGuest: true,
      });
      return Object.fromEntries(sticker_templates.map((template) => [template.id, template])) as Readonly<
        Record<number, StickerTemplate>
      >;
    },
    staleTime: Infinity,
  });
}
