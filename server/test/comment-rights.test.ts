/**
 * Issue 16 / SPEC §2, §6: only admins create Comments; only their author or an admin edits, duplicates or deletes
 * one — enforced where mutations are applied, over HTTP and the socket alike, per principal.
 */
import { type AlbumDocument, type DocNode } from '@stickerbook/model';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { albumMembers } from '../src/db/schema.ts';
import { currentAlbumDocument, replaceAlbumDocument } from '../src/album-store/albums.ts';
import {
  collect,
  connect,
  listen,
  newMutationId,
  next,
  sendMutation,
  sleep,
} from './helpers/realtime-client.ts';
import {
  DATABASE_KINDS,
  bearer,
  createAlbum,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';

const ADMIN = { email: 'admin@comments.test', password: 'admin password long enough' };

describe.each(DATABASE_KINDS)('comment rights on %s', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let admin: Session;
  let owner: Session;
  let collaborator: Session;
  const open: Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
    baseUrl = await listen(t.app);
    admin = (await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ADMIN })).json();
    owner = await signUp(t.app);
    collaborator = await signUp(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  /**
   * An album of the owner shared with the collaborator, holding a Comment by the admin and one by the
   * collaborator (written by an admin who has since lost the role: the rule follows the author, not the role).
   */
  async function albumWithComments() {
    const album = await createAlbum(t.app, owner.access_token);
    await t.database.db.insert(albumMembers).values({ albumId: album.id, userId: collaborator.user.sub });
    const doc = album.workspace as unknown as AlbumDocument;
    const text = Object.values(doc.nodes).find((node) => node.type === 'Text') as DocNode;
    const comment = (id: string, userId: string): DocNode => ({
      id,
      type: 'Comment',
      parentId: text.parentId,
      index: `${text.index}V${id.length}`,
      props: { x: 10, y: 10, width: 40, height: 30, text: text.props.text, userId },
    });
    const nodes = {
      ...doc.nodes,
      'admin-note': comment('admin-note', admin.user.sub),
      'own-note': comment('own-note', collaborator.user.sub),
    };
    await replaceAlbumDocument(t.database.db, album.id, { ...doc, nodes });
    return { albumId: album.id, spreadId: text.parentId!, template: nodes['admin-note'] };
  }

  const post = (token: string, albumId: string, patches: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/albums/${albumId}/mutations`,
      headers: bearer(token),
      payload: { patches, version: 0, clientId: 'test-client', mutationId: newMutationId() },
    });

  const documentOf = async (albumId: string) => (await currentAlbumDocument(t.database.db, albumId))!.doc;

  const newComment = (template: DocNode, id: string, userId: string) => ({
    op: 'add',
    path: `/nodes/${id}`,
    value: { ...template, id, index: `${template.index}x`, props: { ...template.props, userId } },
  });

  describe('over HTTP', () => {
    it('refuses a Comment created by the owner or a collaborator with 403 and stores nothing', async () => {
      const { albumId, template } = await albumWithComments();
      for (const session of [owner, collaborator]) {
        const response = await post(session.access_token, albumId, [
          newComment(template, 'sneaky-note', session.user.sub),
        ]);
        expect(response.statusCode).toBe(403);
        expect(response.json().error.code).toBe('COMMENT_FORBIDDEN');
      }
      expect((await documentOf(albumId)).nodes['sneaky-note']).toBeUndefined();
    });

    it("refuses the admin's Comment edited, moved, duplicated or deleted by anyone else", async () => {
      const { albumId, template } = await albumWithComments();
      const attempts = [
        [{ op: 'replace', path: '/nodes/admin-note/props/x', value: 99 }],
        [{ op: 'replace', path: '/nodes/admin-note/props/userId', value: collaborator.user.sub }],
        [{ op: 'remove', path: '/nodes/admin-note' }],
        [newComment(template, 'admin-note-copy', admin.user.sub)],
      ];
      for (const session of [owner, collaborator])
        for (const patches of attempts) {
          const response = await post(session.access_token, albumId, patches);
          expect(response.statusCode, JSON.stringify(patches)).toBe(403);
        }
      const doc = await documentOf(albumId);
      expect(doc.nodes['admin-note'].props).toMatchObject({ x: 10, userId: admin.user.sub });
      expect(doc.nodes['admin-note-copy']).toBeUndefined();
    });

    it('lets the author edit and delete their own Comment, and an admin create, edit and delete any', async () => {
      const { albumId, template } = await albumWithComments();
      const edit = await post(collaborator.access_token, albumId, [
        { op: 'replace', path: '/nodes/own-note/props/x', value: 42 },
      ]);
      expect(edit.statusCode).toBe(200);
      expect((await documentOf(albumId)).nodes['own-note'].props.x).toBe(42);
      expect(
        (await post(collaborator.access_token, albumId, [{ op: 'remove', path: '/nodes/own-note' }]))
          .statusCode,
      ).toBe(200);

      expect(
        (await post(admin.access_token, albumId, [newComment(template, 'admin-second', admin.user.sub)]))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await post(admin.access_token, albumId, [
            { op: 'replace', path: '/nodes/admin-note/props/x', value: 7 },
          ])
        ).statusCode,
      ).toBe(200);
      expect(
        (await post(admin.access_token, albumId, [{ op: 'remove', path: '/nodes/admin-second' }])).statusCode,
      ).toBe(200);
      const doc = await documentOf(albumId);
      expect(doc.nodes['admin-note'].props.x).toBe(7);
      expect(doc.nodes['admin-second']).toBeUndefined();
      expect(doc.nodes['own-note']).toBeUndefined();
    });

    it('refuses the whole mutation when one of its patches breaks the rule', async () => {
      const { albumId } = await albumWithComments();
      const text = Object.values((await documentOf(albumId)).nodes).find((node) => node.type === 'Text')!;
      const response = await post(collaborator.access_token, albumId, [
        { op: 'replace', path: `/nodes/${text.id}/props/x`, value: 77 },
        { op: 'remove', path: '/nodes/admin-note' },
      ]);
      expect(response.statusCode).toBe(403);
      const doc = await documentOf(albumId);
      expect(doc.nodes[text.id].props.x).toBe(text.props.x);
      expect(doc.nodes['admin-note']).toBeDefined();
    });
  });

  describe('over the socket', () => {
    it("answers a collaborator's new Comment or deleted admin Comment with merge_error and broadcasts nothing", async () => {
      const { albumId, template } = await albumWithComments();
      const sender = await connect(baseUrl, { token: collaborator.access_token, albumId });
      const other = await connect(baseUrl, { token: owner.access_token, albumId });
      open.push(sender, other);
      const otherSaw = collect(other, 'mutations');

      for (const patches of [
        [newComment(template, 'socket-note', collaborator.user.sub)],
        [{ op: 'remove', path: '/nodes/admin-note' }],
      ]) {
        const mergeError = next<{ code: string }>(sender, 'merge_error');
        const ack = await sendMutation(sender, patches);
        expect(ack).toMatchObject({ ok: false, error: { code: 'COMMENT_FORBIDDEN', retryable: false } });
        expect(await mergeError).toMatchObject({ code: 'COMMENT_FORBIDDEN' });
      }
      await sleep(200);
      expect(otherSaw).toEqual([]);
      const doc = await documentOf(albumId);
      expect(doc.nodes['socket-note']).toBeUndefined();
      expect(doc.nodes['admin-note']).toBeDefined();
    });

    it("saves the author's edit of their own Comment and an admin's new Comment", async () => {
      const { albumId, template } = await albumWithComments();
      const author = await connect(baseUrl, { token: collaborator.access_token, albumId });
      const byAdmin = await connect(baseUrl, { token: admin.access_token, albumId });
      open.push(author, byAdmin);
      expect(
        await sendMutation(author, [{ op: 'replace', path: '/nodes/own-note/props/y', value: 55 }]),
      ).toMatchObject({ ok: true });
      expect(
        await sendMutation(byAdmin, [newComment(template, 'socket-admin-note', admin.user.sub)]),
      ).toMatchObject({ ok: true });
      const doc = await documentOf(albumId);
      expect(doc.nodes['own-note'].props.y).toBe(55);
      expect(doc.nodes['socket-admin-note'].type).toBe('Comment');
    });
  });
});
