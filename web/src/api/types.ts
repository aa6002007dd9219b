import type { AlbumDocument } from '@stickerbook/model';

// Shapes of docs/api-contract.md. Only the fields the web reads are typed as required.

export const ORGANIZATION_SIZES = ['1-150', '151-200', '201-1000', '1000+'] as const;
export const CONTACT_ROLES = ['member', 'lead', 'senior', 'executive'] as const;
export type OrganizationSize = (typeof ORGANIZATION_SIZES)[number];
export type ContactRole = (typeof CONTACT_ROLES)[number];

export interface Organization {
  id?: string;
  name: string;
  size: OrganizationSize;
  contactName: string;
  phone: string;
  contactRole: ContactRole;
}

export interface User {
  sub: string;
  email: string;
  nickname: string | null;
  picture: string | null;
  created_at: string;
  roles: string[];
  locale: string | null;
  cookieConsent: unknown;
  organizations: Organization[];
  activated: boolean;
}

export const ALBUM_CATEGORIES = ['business', 'wedding', 'sports', 'birthday', 'school', 'community'] as const;
export type AlbumCategory = (typeof ALBUM_CATEGORIES)[number];

export interface AlbumSummary {
  id: string;
  title: string;
  releaseDate: string | null;
  language: string | null;
  category: string | null;
  blueprint_category: string | null;
  blueprint_title: string | null;
  cover_preview_url: string | null;
  created_at: string;
  updated_at: string;
  owner_identifier: string;
  is_owner: boolean;
}

export interface Album extends AlbumSummary {
  hasOrder?: boolean;
  locked?: boolean;
  version?: number;
  workspace?: AlbumDocument;
  /** SPEC §3: how many different stickers the album has. */
  total_sticker_sorts?: number;
}

export interface Blueprint {
  id: string;
  title: string;
  blueprint_category: string;
  cover_preview_url: string | null;
  colors?: string[];
  fonts?: { title?: string; sub_title?: string; paragraph?: string };
}

export interface CreateAlbumBody {
  blueprint_id: string;
  title?: string;
  release_date?: string;
  language?: string;
  organization?: Organization;
  empty_inside?: boolean;
  analytics_metadata?: Record<string, string>;
}
