import type { Principal } from '../../auth/index.js';
import {
  addMember, createGroup, deleteGroup, listGroups, listMembers, removeMember, updateGroup, type GroupActor, type GroupsDeps,
} from '../../groups/index.js';
import { defineRoute } from '../route.js';
import {
  AddMemberRequestSchema, CreatedGroupSchema, CreateGroupRequestSchema, GroupErrorBodySchema, GroupListSchema, GroupOutcomeSchema,
  GroupParamsSchema, ListGroupsQuerySchema, MemberListSchema, RemoveMemberRequestSchema, UpdatedGroupSchema, UpdateGroupRequestSchema,
} from '../schemas/groups.js';

const TAG = 'groups';
const errorBody = GroupErrorBodySchema;

/** The organization admin of the role matrix is the local `admin` role (docs/groups.md). */
const actorOf = (principal: Principal): GroupActor => ({ user_id: principal.user_id, organizationAdmin: principal.roles.includes('admin') });

/**
 * Groups under /api (docs/groups.md, "Endpoints"): every signed-in user may call them; the role matrix is checked
 * by the use cases against the identity provider's roles, and refusals are `UNAUTHORIZED`.
 */
export function groupRoutes(deps: GroupsDeps) {
  return [
    defineRoute({
      method: 'post', path: '/api/groups/create', summary: 'Create a group (an organization at the identity provider); organization admins',
      tag: TAG, access: 'authenticated', body: CreateGroupRequestSchema, status: 201,
      response: { description: 'The created group', schema: CreatedGroupSchema }, errors: [403, 429, 502], errorBody,
      handle: async ({ body, principal }) => {
        const group = await createGroup(deps, actorOf(principal), body);
        return { id: group.id, name: group.name, created_at: group.created_at.toISOString() };
      },
    }),
    defineRoute({
      method: 'put', path: '/api/groups/:id/update', summary: "Change a group's name or description; its owner or an admin",
      tag: TAG, access: 'authenticated', params: GroupParamsSchema, body: UpdateGroupRequestSchema,
      response: { description: 'The updated group', schema: UpdatedGroupSchema }, errors: [403, 404, 429, 502], errorBody,
      handle: async ({ params, body, principal }) => {
        const group = await updateGroup(deps, actorOf(principal), params.id, body);
        return { id: group.id, name: group.name, updated_at: group.updated_at.toISOString() };
      },
    }),
    defineRoute({
      method: 'delete', path: '/api/groups/:id/delete', summary: 'Delete a group; its owner',
      tag: TAG, access: 'authenticated', params: GroupParamsSchema,
      response: { description: 'Deleted', schema: GroupOutcomeSchema }, errors: [403, 404, 429, 502], errorBody,
      handle: async ({ params, principal }) => {
        await deleteGroup(deps, actorOf(principal), params.id);
        return { success: true, message: 'Group deleted' };
      },
    }),
    defineRoute({
      method: 'get', path: '/api/groups/list', summary: 'The groups the caller may see, with member counts',
      tag: TAG, access: 'authenticated', query: ListGroupsQuerySchema,
      response: { description: 'A page of groups and the total', schema: GroupListSchema }, errors: [429, 502], errorBody,
      handle: async ({ query, principal }) => {
        const page = await listGroups(deps, actorOf(principal), query);
        return {
          groups: page.groups.map((g) => ({ id: g.id, name: g.name, member_count: g.member_count, created_at: g.created_at.toISOString() })),
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'get', path: '/api/groups/:id/members', summary: "A group's members; its members",
      tag: TAG, access: 'authenticated', params: GroupParamsSchema,
      response: { description: 'The members and their number', schema: MemberListSchema }, errors: [403, 404, 429, 502], errorBody,
      handle: async ({ params, principal }) => {
        const members = await listMembers(deps, actorOf(principal), params.id);
        return { members: members.map((m) => ({ ...m, joined_at: m.joined_at.toISOString() })), total: members.length };
      },
    }),
    defineRoute({
      method: 'post', path: '/api/groups/:id/members/add', summary: 'Add a user to a group; group admins',
      tag: TAG, access: 'authenticated', params: GroupParamsSchema, body: AddMemberRequestSchema,
      response: { description: 'Added', schema: GroupOutcomeSchema }, errors: [403, 404, 409, 429, 502], errorBody,
      handle: async ({ params, body, principal }) => {
        await addMember(deps, actorOf(principal), params.id, body);
        return { success: true, message: 'Member added' };
      },
    }),
    defineRoute({
      method: 'delete', path: '/api/groups/:id/members/remove', summary: 'Remove a user from a group; group admins',
      tag: TAG, access: 'authenticated', params: GroupParamsSchema, body: RemoveMemberRequestSchema,
      response: { description: 'Removed', schema: GroupOutcomeSchema }, errors: [403, 404, 429, 502], errorBody,
      handle: async ({ params, body, principal }) => {
        await removeMember(deps, actorOf(principal), params.id, body.user_id);
        return { success: true, message: 'Member removed' };
      },
    }),
  ];
}
