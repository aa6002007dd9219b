/**
 * SPEC §2/§6: only admins create Comments; only their author (`props.userId`) or an admin edits, duplicates or
 * deletes one. The editor hides the tool and the actions, but the rule is enforced where mutations are applied
 * (`applyMutation`, which the server runs for HTTP and realtime alike), so a hand-made patch cannot bypass it.
 *
 * A duplicate is a new Comment, so it needs an admin like any other. Removing a spread removes its elements one
 * patch each, so a spread holding an admin's Comment can only be removed by that admin or another one.
 */
import type { AlbumDocument, DocNode } from '../document.ts';

/** Who applies a mutation: the user's id (as Comments store it in `userId`) and whether they are an admin. */
export interface MutationActor {
  id: string;
  admin: boolean;
}

type CommentRuleCode = 'COMMENT_ADMIN_ONLY' | 'COMMENT_AUTHOR_ONLY';

export interface CommentRuleViolation {
  code: CommentRuleCode;
  id: string;
  message: string;
}

const nodeOf = (doc: AlbumDocument, id: string): DocNode | undefined =>
  Object.hasOwn(doc.nodes, id) ? doc.nodes[id] : undefined;

/** The first Comment rule that changing `nodeIds` from `before` to `after` breaks, if any. */
export function commentRuleViolation(
  before: AlbumDocument,
  after: AlbumDocument,
  nodeIds: Iterable<string>,
  actor: MutationActor,
): CommentRuleViolation | undefined {
  if (actor.admin) return undefined;
  for (const id of nodeIds) {
    const old = nodeOf(before, id);
    const next = nodeOf(after, id);
    if (old?.type === 'Comment') {
      if (old.props.userId !== actor.id)
        return {
          code: 'COMMENT_AUTHOR_ONLY',
          id,
          message: `only the author or an admin may change comment ${id}`,
        };
    } else if (next?.type === 'Comment') {
      return { code: 'COMMENT_ADMIN_ONLY', id, message: `only admins may create comments (${id})` };
    }
  }
  return undefined;
}
