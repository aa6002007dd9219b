import type { FastifyPluginAsync } from 'fastify';
import { adminOnly } from './auth/admin-only.ts';
import { accountAdminRoutes } from './accounts/admin-routes.ts';
import { affiliateAdminRoutes } from './affiliates/admin-routes.ts';
import { invoiceAdminRoutes } from './invoices/admin-routes.ts';
import { deliveryNoteRoutes } from './orders/delivery-note-routes.ts';
import { albumRoutes } from './albums/routes.ts';
import { albumPreviewRoutes } from './albums/preview-routes.ts';
import { analyticsRoutes } from './analytics/routes.ts';
import { clientErrorRoutes } from './ops/client-errors.ts';
import { onboardingRoutes } from './onboarding/routes.ts';
import { stickerTemplateRoutes } from './sticker-templates/routes.ts';
import { authRoutes } from './sign-in/routes.ts';
import { blueprintRoutes } from './blueprints/routes.ts';
import { coverRoutes } from './covers/routes.ts';
import { guestRoutes } from './sign-in/guest-routes.ts';
import { healthRoutes } from './ops/health.ts';
import { imageFeatureRoutes } from './images/plugin.ts';
import { mutationRoutes } from './albums/mutation-routes.ts';
import { oidcRoutes } from './sign-in/oidc-routes.ts';
import { organizationRoutes } from './users/organization-routes.ts';
import { userRoutes } from './users/routes.ts';
import { renderDataRoutes } from './print/render-data-routes.ts';
import { renderJobRoutes } from './print/render-job-routes.ts';
import { featureRoutes } from './deployment-features.ts';
import { imageEditRoutes } from './image-edits/routes.ts';
import { stockRoutes } from './stock/routes.ts';
import { stickerLinkRoutes } from './sticker-link/routes.ts';
import { publicStickerUploadRoutes } from './sticker-link/public-routes.ts';
import { invitationRoutes } from './invitations/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import { dashboardRoutes } from './orders/dashboard-routes.ts';
import { orderAdminRoutes } from './orders/admin-routes.ts';
import { orderDocumentRoutes } from './orders/documents-routes.ts';
import { invoiceRoutes } from './invoices/routes.ts';
import { legalRoutes } from './legal/routes.ts';
import { outboxRoutes } from './ops/outbox.ts';
import { affiliateRoutes } from './affiliates/routes.ts';
import { priceAdminRoutes } from './price-admin/routes.ts';
import { supportRoutes } from './support/routes.ts';
import { accountRoutes } from './accounts/routes.ts';

/**
 * Everything under /api/v1, one plugin per resource. The back office's plugins register together under
 * `adminOnly` (auth/admin-only.ts), whose one hook answers everyone but admins 404.
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(oidcRoutes);
  await app.register(guestRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(organizationRoutes);
  await app.register(blueprintRoutes);
  await app.register(albumRoutes);
  await app.register(albumPreviewRoutes);
  await app.register(analyticsRoutes);
  await app.register(clientErrorRoutes);
  await app.register(coverRoutes);
  await app.register(imageFeatureRoutes);
  await app.register(mutationRoutes);
  await app.register(onboardingRoutes);
  await app.register(stickerTemplateRoutes);
  await app.register(renderDataRoutes);
  await app.register(renderJobRoutes);
  await app.register(featureRoutes);
  await app.register(stockRoutes);
  await app.register(imageEditRoutes);
  await app.register(stickerLinkRoutes);
  await app.register(publicStickerUploadRoutes);
  await app.register(invitationRoutes);
  await app.register(orderRoutes);
  await app.register(deliveryNoteRoutes);
  await app.register(invoiceRoutes);
  await app.register(legalRoutes);
  await app.register(outboxRoutes);
  await app.register(affiliateRoutes);
  await app.register(supportRoutes);
  await app.register(
    adminOnly(
      dashboardRoutes,
      orderAdminRoutes,
      orderDocumentRoutes,
      invoiceAdminRoutes,
      affiliateAdminRoutes,
      priceAdminRoutes,
      accountAdminRoutes,
    ),
  );
};
