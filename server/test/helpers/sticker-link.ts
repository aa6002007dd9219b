import type { FastifyInstance } from 'fastify';
import { md5Base64 } from '../fixtures/images/upload-client.ts';
import { bearer, createAlbum } from './test-app.ts';

/** A fresh album of `ownerToken` with its sticker link switched on (plus any other settings given). */
export async function albumWithLink(
  app: FastifyInstance,
  ownerToken: string,
  settings: Record<string, unknown> = {},
) {
  const { id } = await createAlbum(app, ownerToken);
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/v1/albums/${id}`,
    headers: bearer(ownerToken),
    payload: { stickerUploadEnabled: true, ...settings },
  });
  if (response.statusCode !== 200) throw new Error(`enabling the link failed: ${response.body}`);
  const album = response.json() as {
    id: string;
    title: string;
    stickerUploadsPath: string;
    workspace: { nodes: Record<string, { type: string; props: { static?: boolean } }> };
  };
  const sectionId = Object.entries(album.workspace.nodes).find(
    ([, node]) => node.type === 'Section' && node.props.static !== true,
  )![0];
  return { album, linkToken: album.stickerUploadsPath.replace('/s/', ''), sectionId };
}

/** What the public form does with a photo: declare it on the link, PUT it; the blob id, or the refusal. */
export async function uploadLinkPhoto(
  app: FastifyInstance,
  linkToken: string,
  bytes: Buffer,
  contentType = 'image/jpeg',
): Promise<{ blobId?: string; declared: { statusCode: number; json(): unknown } }> {
  const declared = await app.inject({
    method: 'POST',
    url: `/api/v1/public/sticker_uploads/${linkToken}/direct_uploads`,
    payload: {
      filename: 'me.jpg',
      byte_size: bytes.length,
      checksum: md5Base64(bytes),
      content_type: contentType,
    },
  });
  if (declared.statusCode !== 201) return { declared };
  const target = declared.json() as { blob_id: string; upload_url: string; headers: Record<string, string> };
  const put = await app.inject({
    method: 'PUT',
    url: target.upload_url,
    headers: target.headers,
    payload: bytes,
  });
  if (put.statusCode !== 200) throw new Error(`PUT failed: ${put.body}`);
  return { declared, blobId: target.blob_id };
}

/** POST /public/sticker_uploads/:token from `ip`, with the contributor's session when given. */
export function submitToLink(
  app: FastifyInstance,
  linkToken: string,
  body: Record<string, unknown>,
  options: { ip?: string; session?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/public/sticker_uploads/${linkToken}`,
    remoteAddress: options.ip ?? '10.1.0.1',
    headers: options.session ? bearer(options.session) : {},
    payload: {
      sticker_upload: {
        client_id: 'contributor-browser-0001',
        details: { width: 560, height: 700 },
        ...body,
      },
    },
  });
}
