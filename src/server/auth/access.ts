// Who may see what (issue 9 "Ownership"): workflows and credentials belong to the user who
// created them; a member sees and edits only their own, the owner (and the default user before
// setup) all. Executions follow their workflow (executions.userId is whose run it is). Anything
// a user may not see answers 404, as if it did not exist: ids are not a way in.
import type { FastifyRequest } from 'fastify';
import type { IWorkflowDb } from '../../model/api.ts';
import type { ServerContext } from '../context.ts';
import type { User } from '../db/repositories/users.ts';
import { NotFoundError } from '../errors.ts';
import { currentUser } from './requestAuth.ts';

export function seesAll(user: Pick<User, 'role'>): boolean {
  return user.role === 'owner' || user.role === 'default';
}

/** The owner filter for lists: undefined (all) for the owner, the user's id for a member. */
export function ownerScope(user: User): string | undefined {
  return seesAll(user) ? undefined : user.id;
}

export function mayAccess(user: User, ownerId: string | null | undefined): boolean {
  return seesAll(user) || (ownerId !== undefined && ownerId !== null && ownerId === user.id);
}

export function workflowNotFound(id: string): NotFoundError {
  return new NotFoundError(`Workflow with ID "${id}" could not be found`);
}

/** The stored workflow and its owner, if the request's user may see it; 404 otherwise. */
export async function accessibleWorkflow(ctx: ServerContext, request: FastifyRequest, id: string): Promise<{ workflow: IWorkflowDb; ownerId: string | null }> {
  const found = await ctx.repos.workflows.getWithOwner(id);
  if (!found || !mayAccess(currentUser(request), found.ownerId)) throw workflowNotFound(id);
  return found;
}

/** 404 unless the request's user may see the workflow with this id. */
export async function assertWorkflowAccess(ctx: ServerContext, request: FastifyRequest, id: string): Promise<void> {
  const ownerId = await ctx.repos.workflows.ownerOf(id);
  if (ownerId === undefined || !mayAccess(currentUser(request), ownerId)) throw workflowNotFound(id);
}

/** 404 unless the request's user may see the execution (running, in memory or stored). */
export async function assertExecutionAccess(ctx: ServerContext, request: FastifyRequest, id: string, message = `Execution ${id} could not be found`): Promise<void> {
  const userId = await ctx.executions.userOf(id);
  if (userId === undefined || !mayAccess(currentUser(request), userId)) throw new NotFoundError(message);
}
