import { DomainError } from '../infra/errors.js';

/** The group error codes (docs/groups.md, "Errors"). */
export const GROUP_ERROR_CODES = ['GROUP_NOT_FOUND', 'UNAUTHORIZED', 'MEMBER_EXISTS', 'MEMBER_NOT_FOUND', 'IDP_ERROR'] as const;
export type GroupErrorCode = (typeof GROUP_ERROR_CODES)[number];

/**
 * A refused or failed group operation. Groups answer with their own body `{error, code, status}`,
 * so http/ maps this family apart from the other domain errors. For IDP_ERROR the message is a
 * neutral sentence: what the provider said is logged by the adapter, never sent to the caller.
 */
export class GroupError extends DomainError {
  declare readonly code: GroupErrorCode;
  constructor(code: GroupErrorCode, message: string) {
    super(code, message);
  }
}

export const groupNotFound = (id: string) => new GroupError('GROUP_NOT_FOUND', `Group ${id} does not exist`);
export const memberExists = (userId: string) => new GroupError('MEMBER_EXISTS', `User ${userId} is already in the group`);
export const memberNotFound = (userId: string) => new GroupError('MEMBER_NOT_FOUND', `User ${userId} is not in the group`);
export const notAllowed = (what: string) => new GroupError('UNAUTHORIZED', `Your roles do not allow you to ${what}`);
export const idpError = () => new GroupError('IDP_ERROR', 'The identity provider failed to answer');
