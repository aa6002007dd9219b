import type { AlbumDocument } from '@stickerbook/model';
import type {
  AlbumSummaryView,
  AlbumView,
  BlueprintView,
  CONTACT_ROLES,
  CreateAlbumBody as CreateAlbumRequest,
  ORGANIZATION_SIZES,
  OrganizationInput as OrganizationRequest,
  OrganizationView,
  UserView,
} from '@stickerbook/api';

// The shell's API types are `z.infer` of the server's schemas in @stickerbook/api: a changed response is a type
// error here, never a silent cast.

export { ALBUM_CATEGORIES, type AlbumCategory } from '@stickerbook/model';
export { CONTACT_ROLES, ORGANIZATION_SIZES } from '@stickerbook/api';
export type OrganizationSize = (typeof ORGANIZATION_SIZES)[number];
export type ContactRole = (typeof CONTACT_ROLES)[number];

export type Organization = OrganizationView;
export type OrganizationInput = OrganizationRequest;
export type User = UserView;
export type AlbumSummary = AlbumSummaryView;

/**
 * The schemas document an album's document as a plain object (the model's own schema checks it on every write,
 * and a response check of a whole document would cost every open); here it is the AlbumDocument it is.
 */
export type WithDocument<T extends { workspace: unknown }> = Omit<T, 'workspace'> & {
  workspace: AlbumDocument;
};

export type Album = WithDocument<AlbumView>;

export type Blueprint = BlueprintView;
export type CreateAlbumBody = CreateAlbumRequest;
