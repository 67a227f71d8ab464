import * as z from 'zod/mini';
import { ROLES } from './access';

/** A child profile as the browser knows it (the spec: _id, name, notification list). */
export const childSchema = z.object({
  _id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.string().check(z.maxLength(120)),
  notifications: z.optional(z.array(z.unknown())),
});
export type Child = z.infer<typeof childSchema>;

/** The signed-in user's data as the login/register call returns it. */
export const userDataSchema = z.object({
  _id: z.optional(z.string()),
  email: z.optional(z.string()),
  role: z.optional(z.enum(ROLES)),
  children: z.array(childSchema).check(z.maxLength(50)),
});
export type UserData = z.infer<typeof userDataSchema>;

/** The active child: the one at the shared index, or the first child when the index is out of range. */
export function activeChild(user: UserData | null, index: number): Child | undefined {
  if (!user || user.children.length === 0) return undefined;
  return user.children[index] ?? user.children[0];
}
