import * as z from 'zod';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import { childInputSchema, childSchema } from './children.schema';
import { deleteFamilySchema, parentUpdateSchema } from './family.schema';
import { loginRegisterBodySchema, loginRegisterResponseSchema, userSchema } from './user.schema';

/** The family's account: sign-in and registration, the parent's details, the children, export and deletion. */
export const familyApi = {
  loginRegister: contract('loginRegister', 'POST /user/loginRegister', {
    summary: 'Signs a user in, or registers them when the body carries registration details',
    description:
      'The body is the current user object; identity comes only from the Bearer ID token. `data` is null when no account exists yet (the page then sends the visitor to /signup).',
    access: 'identity',
    body: loginRegisterBodySchema,
    bodyOptional: true,
    status: 200,
    response: loginRegisterResponseSchema,
    returns: 'Signed in (data is the user) or no account yet (data is null)',
    also: { status: 201, response: loginRegisterResponseSchema, returns: 'Account created' },
    errors: [403, 409, 429],
  }),
  me: contract('getMyAccount', 'GET /me', {
    summary: 'The signed-in user with their children',
    access: 'account',
    status: 200,
    response: userSchema,
    returns: 'The user',
  }),
  updateMe: contract('updateMyAccount', 'PATCH /me', {
    summary: "Changes the parent's details",
    access: 'account',
    body: parentUpdateSchema,
    status: 200,
    response: userSchema,
    returns: 'The user, changed',
  }),
  exportMine: contract('exportMyData', 'GET /me/export', {
    summary: 'Everything kept about the family, as a JSON file (download)',
    access: 'account',
    status: 200,
    response: z.record(z.string(), z.unknown()),
    returns: 'The family’s data',
  }),
  deleteMe: contract('deleteMyAccount', 'DELETE /me', {
    summary:
      'Deletes the account, the sign-in and everything about the family, all or nothing. Needs a sign-in from the last five minutes.',
    description:
      'Answers 503 and deletes nothing when the sign-in account cannot be removed. Stored files (recordings, pictures) are removed right after, and retried until they are.',
    access: 'account',
    body: deleteFamilySchema,
    status: 200,
    response: z.object({ deleted: z.literal(true) }),
    returns: 'Deleted',
    errors: [409, 503],
  }),
  children: contract('listChildren', 'GET /children', {
    summary: "The signed-in family's children",
    access: 'account',
    status: 200,
    response: z.array(childSchema),
    returns: 'Children, oldest profile first',
  }),
  createChild: contract('createChild', 'POST /children', {
    summary: 'Adds a child to the family',
    access: 'account',
    body: childInputSchema,
    status: 201,
    response: childSchema,
    returns: 'The new child',
    errors: [409],
  }),
  child: contract('getChild', 'GET /children/{id}', {
    summary: 'One child of the family',
    access: 'account',
    params,
    status: 200,
    response: childSchema,
    returns: 'The child',
  }),
  updateChild: contract('updateChild', 'PATCH /children/{id}', {
    summary: "Changes a child's profile",
    access: 'account',
    params,
    body: childInputSchema,
    status: 200,
    response: childSchema,
    returns: 'The child, changed',
  }),
  deleteChild: contract('deleteChild', 'DELETE /children/{id}', {
    summary: 'Removes a child and everything about them (reading, recordings, notifications, seats)',
    access: 'account',
    params,
    status: 200,
    response: userSchema,
    returns: 'The family, without the child',
  }),
};
