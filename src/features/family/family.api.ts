import * as z from 'zod';
import { idParamsSchema } from '~/platform/http/common.schema';
import { contract, json } from '~/platform/http/contract';
import { childInputSchema, childSchema } from './children.schema';
import { deleteFamilySchema, parentUpdateSchema } from './family.schema';
import { loginRegisterBodySchema, loginRegisterResponseSchema, userSchema } from './user.schema';

const params = idParamsSchema;

const loginRegister = contract({
  method: 'post',
  path: '/user/loginRegister',
  operationId: 'loginRegister',
  summary: 'Signs a user in, or registers them when the body carries registration details',
  description:
    'The body is the current user object; identity comes only from the Bearer ID token. `data` is null when no account exists yet (the page then sends the visitor to /signup).',
  access: 'identity',
  // The body is optional (a sign-in may send none): contract() only describes required JSON bodies.
  request: { body: { content: json(loginRegisterBodySchema), required: false } },
  status: 200,
  response: loginRegisterResponseSchema,
  returns: 'Signed in (data is the user) or no account yet (data is null)',
  responses: {
    201: { description: 'Account created', content: json(loginRegisterResponseSchema) },
  },
  errors: [403, 409, 429],
});

/**
 * What contract() cannot type by itself: the optional body (the handler reads it as possibly
 * undefined, the browser sends it) and the second success status (201 when the account is created).
 */
type LoginRegister = typeof loginRegister & {
  request: { body: { content: ReturnType<typeof json<typeof loginRegisterBodySchema>>; required: false } };
  responses: {
    201: { description: string; content: ReturnType<typeof json<typeof loginRegisterResponseSchema>> };
  };
};

/** The family's account: sign-in and registration, the parent's details, the children, export and deletion. */
export const familyApi = {
  loginRegister: loginRegister as LoginRegister,
  me: contract({
    method: 'get',
    path: '/me',
    operationId: 'getMyAccount',
    summary: 'The signed-in user with their children',
    access: 'account',
    status: 200,
    response: userSchema,
    returns: 'The user',
  }),
  updateMe: contract({
    method: 'patch',
    path: '/me',
    operationId: 'updateMyAccount',
    summary: "Changes the parent's details",
    access: 'account',
    body: parentUpdateSchema,
    status: 200,
    response: userSchema,
    returns: 'The user, changed',
  }),
  exportMine: contract({
    method: 'get',
    path: '/me/export',
    operationId: 'exportMyData',
    summary: 'Everything kept about the family, as a JSON file (download)',
    access: 'account',
    status: 200,
    response: z.record(z.string(), z.unknown()),
    returns: 'The family’s data',
  }),
  deleteMe: contract({
    method: 'delete',
    path: '/me',
    operationId: 'deleteMyAccount',
    summary:
      'Deletes the account, the sign-in and everything about the family. Needs a sign-in from the last five minutes.',
    access: 'account',
    body: deleteFamilySchema,
    status: 200,
    response: z.object({ deleted: z.literal(true) }),
    returns: 'Deleted',
    errors: [409],
  }),
  children: contract({
    method: 'get',
    path: '/children',
    operationId: 'listChildren',
    summary: "The signed-in family's children",
    access: 'account',
    status: 200,
    response: z.array(childSchema),
    returns: 'Children, oldest profile first',
  }),
  createChild: contract({
    method: 'post',
    path: '/children',
    operationId: 'createChild',
    summary: 'Adds a child to the family',
    access: 'account',
    body: childInputSchema,
    status: 201,
    response: childSchema,
    returns: 'The new child',
    errors: [409],
  }),
  child: contract({
    method: 'get',
    path: '/children/{id}',
    operationId: 'getChild',
    summary: 'One child of the family',
    access: 'account',
    params,
    status: 200,
    response: childSchema,
    returns: 'The child',
  }),
  updateChild: contract({
    method: 'patch',
    path: '/children/{id}',
    operationId: 'updateChild',
    summary: "Changes a child's profile",
    access: 'account',
    params,
    body: childInputSchema,
    status: 200,
    response: childSchema,
    returns: 'The child, changed',
  }),
  deleteChild: contract({
    method: 'delete',
    path: '/children/{id}',
    operationId: 'deleteChild',
    summary: 'Removes a child and everything about them (reading, recordings, notifications, seats)',
    access: 'account',
    params,
    status: 200,
    response: userSchema,
    returns: 'The family, without the child',
  }),
};
