import type { FastifyInstance } from 'fastify';
import {
  CommentBody,
  CommentParams,
  CommentView,
  IssueRefParams,
  dataOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IssuesDeps } from '../deps.js';
import { issueIdOf } from '../usecases/issue-ref.js';
import { addComment, deleteComment, editComment } from '../usecases/comments.js';
import { commentView } from './replies.js';

const tags = ['comments'];

export function registerCommentRoutes(app: FastifyInstance, deps: IssuesDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/tasks/:issueId/comments',
      summary: 'Comment on an issue; @name mentions are resolved',
      operationId: 'addComment',
      tags,
      params: IssueRefParams,
      body: CommentBody,
      response: { status: 201, schema: dataOf(CommentView) },
      errors: [403, 409],
    },
    async ({ actor, params, body }) => ({
      data: commentView(
        await addComment(deps, actor, await issueIdOf(deps, actor, params.issueId), body.body),
      ),
    }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/tasks/:issueId/comments/:commentId',
      summary: 'Edit your comment',
      description: 'Only the comment’s author may (else 403).',
      operationId: 'editComment',
      tags,
      params: CommentParams,
      body: CommentBody,
      response: { status: 200, schema: dataOf(CommentView) },
      errors: [403, 409],
    },
    async ({ actor, params, body }) => ({
      data: commentView(
        await editComment(
          deps,
          actor,
          await issueIdOf(deps, actor, params.issueId),
          params.commentId,
          body.body,
        ),
      ),
    }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/tasks/:issueId/comments/:commentId',
      summary: 'Delete your comment',
      description: 'Only the comment’s author may (else 403).',
      operationId: 'deleteComment',
      tags,
      params: CommentParams,
      response: { status: 204, description: 'Deleted' },
      errors: [403, 409],
    },
    async ({ actor, params }) => {
      await deleteComment(
        deps,
        actor,
        await issueIdOf(deps, actor, params.issueId),
        params.commentId,
      );
    },
  );
}
