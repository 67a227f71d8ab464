import * as z from 'zod';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { binaryContent, contract } from '~/platform/http/contract';
import {
  adminBlogCreateSchema,
  adminBlogDetailSchema,
  adminBlogPageSchema,
  adminBlogQuerySchema,
  adminBlogUpdateSchema,
} from './admin.schema';
import {
  blogDraftInputSchema,
  blogImageSchema,
  blogListQuerySchema,
  blogPageSchema,
  blogPostSchema,
  blogReviewInputSchema,
  blogUpdateInputSchema,
  myBlogDetailSchema,
  myBlogSchema,
} from './blogs.schema';
import { BLOG_IMAGE_TYPES } from './images';

/** The blog: published posts (public), the family's own posts, and the team's review and writing. */
export const blogsApi = {
  list: contract('listBlogPosts', 'GET /blogs', {
    summary: 'Published posts, newest first, a page at a time (public)',
    access: 'public',
    query: blogListQuerySchema,
    status: 200,
    response: blogPageSchema,
    returns: 'One page of posts',
  }),
  get: contract('getBlogPost', 'GET /blogs/{id}', {
    summary: 'One published post with its sanitized HTML (public)',
    access: 'public',
    params,
    status: 200,
    response: blogPostSchema,
    returns: 'The post',
  }),
  myList: contract('listMyBlogPosts', 'GET /me/blogs', {
    summary: "The signed-in family's posts, with their review status",
    access: 'account',
    status: 200,
    response: z.array(myBlogSchema),
    returns: 'Posts, last changed first',
  }),
  myCreate: contract('createMyBlogPost', 'POST /me/blogs', {
    summary: 'Starts a post as a draft (the HTML is sanitized)',
    access: 'account',
    body: blogDraftInputSchema,
    status: 201,
    response: myBlogSchema,
    returns: 'The draft',
    // A child named in the post that is not the family's own.
    errors: [404],
  }),
  myGet: contract('getMyBlogPost', 'GET /me/blogs/{id}', {
    summary: "One of the signed-in family's posts, with its text, for the editor",
    access: 'account',
    params,
    status: 200,
    response: myBlogDetailSchema,
    returns: 'The post',
  }),
  myUpdate: contract('updateMyBlogPost', 'PATCH /me/blogs/{id}', {
    summary:
      'Saves changes to a draft, a post in review (it goes back to draft) or a returned post; published posts are final',
    access: 'account',
    params,
    body: blogUpdateInputSchema,
    status: 200,
    response: myBlogDetailSchema,
    returns: 'The saved post',
    errors: [409],
  }),
  myDelete: contract('deleteMyBlogPost', 'DELETE /me/blogs/{id}', {
    summary: 'Deletes a draft or a returned post',
    access: 'account',
    params,
    status: 204,
    returns: 'Deleted',
    errors: [409],
  }),
  uploadImage: contract('uploadBlogImage', 'POST /me/blog-images', {
    summary:
      'Uploads a picture for a post (JPEG, PNG or WebP, at most 5 MB and 40 megapixels, as the raw body); it is stored as WebP, resized to fit 1600 px, without its metadata. Each account may upload 30 pictures or 100 MB in any 24 hours by default (429 with Retry-After beyond; administrators have no quota). A picture no post shows is removed a day after its upload',
    access: 'account',
    request: { body: { required: true, content: binaryContent(Object.keys(BLOG_IMAGE_TYPES)) } },
    status: 201,
    response: blogImageSchema,
    returns: 'Where the picture is served: insert it in the post',
    // The account's daily quota.
    errors: [429],
  }),
  mySubmit: contract('submitMyBlogPost', 'POST /me/blogs/{id}/submit', {
    summary: 'Sends a draft (or a rejected post, changed) for review',
    access: 'account',
    params,
    status: 200,
    response: myBlogSchema,
    returns: 'The post, now waiting for review',
    errors: [409],
  }),
  adminReview: contract('adminReviewBlogPost', 'POST /admin/blogs/{id}/review', {
    summary: 'Approves (publishes) or rejects a submitted post (administrators)',
    access: 'admin',
    params,
    body: blogReviewInputSchema,
    status: 200,
    response: myBlogSchema,
    returns: 'The reviewed post',
    errors: [409],
  }),
  adminList: contract('adminListBlogPosts', 'GET /admin/blogs', {
    summary:
      'Posts by status (submitted by default, oldest submitted first), searched by title or author (administrators only)',
    access: 'admin',
    query: adminBlogQuerySchema,
    status: 200,
    response: adminBlogPageSchema,
    returns: 'A page of posts',
  }),
  adminGet: contract('adminGetBlogPost', 'GET /admin/blogs/{id}', {
    summary: 'One post of any status, with its sanitized HTML and review details (administrators only)',
    access: 'admin',
    params,
    status: 200,
    response: adminBlogDetailSchema,
    returns: 'The post',
  }),
  adminCreate: contract('adminCreateBlogPost', 'POST /admin/blogs', {
    summary:
      'Writes a post by the team: published at once (publish: true) or kept as a team draft (administrators only)',
    access: 'admin',
    body: adminBlogCreateSchema,
    status: 201,
    response: adminBlogDetailSchema,
    returns: 'The new post',
  }),
  adminUpdate: contract('adminUpdateBlogPost', 'PATCH /admin/blogs/{id}', {
    summary:
      'Corrects a post waiting for review, or saves (publish: true publishes) a team draft; published, returned and families’ drafts are refused with 409 (administrators only)',
    access: 'admin',
    params,
    body: adminBlogUpdateSchema,
    status: 200,
    response: adminBlogDetailSchema,
    returns: 'The saved post',
    errors: [409],
  }),
};
