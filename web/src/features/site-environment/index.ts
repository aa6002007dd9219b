import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFeatures } from '../stock/index.ts';
import type { SiteEnvironment } from '../stock/stockQuery.ts';

/** What a SPEC §1 environment (default, business, sports) changes in the wording besides the stock query. */
export interface EnvironmentTexts {
  /** The sample person on sticker template previews. */
  sampleName: string;
  samplePosition: string;
  /** What the organisation is called: organisation, company, club. */
  organizationLabel: string;
}

export function environmentTexts(environment: SiteEnvironment, t: TFunction): EnvironmentTexts {
  return {
    sampleName: t(`siteEnvironment.${environment}.sampleName`),
    samplePosition: t(`siteEnvironment.${environment}.samplePosition`),
    organizationLabel: t(`siteEnvironment.${environment}.organizationLabel`),
  };
}

/** The texts of this deployment's environment (GET /features), the default ones until it is known. */
export function useEnvironmentTexts(): EnvironmentTexts {
  const { t } = useTranslation();
  const features = useFeatures();
  return environmentTexts(features.data?.environment ?? 'default', t);
}
