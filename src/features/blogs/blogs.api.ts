import * as z from 'zod';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { binaryContent, contract } from '~/platform/http/contract';
import { recordContracts } from '~/platform/http/recordContracts';
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

const posts = recordContracts('/blogs', 'public');
const myPosts = recordContracts('/me/blogs', 'account');
const adminPosts = recordContracts('/admin/blogs', 'admin');

/** The blog: published posts (public), the family's own posts, and the team's review and writing. */
export const blogsApi = {
  list: posts.list('listBlogPosts', {
    summary: 'Published posts, newest first, a page at a time (public)',
    query: blogListQuerySchema,
    response: blogPageSchema,
    returns: 'One page of posts',
  }),
  get: posts.get('getBlogPost', {
    summary: 'One published post with its sanitized HTML (public)',
    response: blogPostSchema,
    returns: 'The post',
  }),
  myList: myPosts.list('listMyBlogPosts', {
    summary: "The signed-in family's posts, with their review status",
    response: z.array(myBlogSchema),
    returns: 'Posts, last changed first',
  }),
  myCreate: myPosts.create('createMyBlogPost', {
    summary: 'Starts a post as a draft (the HTML is sanitized)',
    body: blogDraftInputSchema,
    response: myBlogSchema,
    returns: 'The draft',
    // A child named in the post that is not the family's own.
    errors: [404],
  }),
  myGet: myPosts.get('getMyBlogPost', {
    summary: "One of the signed-in family's posts, with its text, for the editor",
    response: myBlogDetailSchema,
    returns: 'The post',
  }),
  myUpdate: myPosts.update('updateMyBlogPost', {
    summary:
      'Saves changes to a draft, a post in review (it goes back to draft) or a returned post; published posts are final',
    body: blogUpdateInputSchema,
    response: myBlogDetailSchema,
    returns: 'The saved post',
    errors: [409],
  }),
  myDelete: myPosts.delete('deleteMyBlogPost', {
    summary: 'Deletes a draft or a returned post',
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
  adminList: adminPosts.list('adminListBlogPosts', {
    summary:
      'Posts by status (submitted by default, oldest submitted first), searched by title or author (administrators only)',
    query: adminBlogQuerySchema,
    response: adminBlogPageSchema,
    returns: 'A page of posts',
  }),
  adminGet: adminPosts.get('adminGetBlogPost', {
    summary: 'One post of any status, with its sanitized HTML and review details (administrators only)',
    response: adminBlogDetailSchema,
    returns: 'The post',
  }),
  adminCreate: adminPosts.create('adminCreateBlogPost', {
    summary:
      'Writes a post by the team: published at once (publish: true) or kept as a team draft (administrators only)',
    body: adminBlogCreateSchema,
    response: adminBlogDetailSchema,
    returns: 'The new post',
  }),
  adminUpdate: adminPosts.update('adminUpdateBlogPost', {
    summary:
      'Corrects a post waiting for review, or saves (publish: true publishes) a team draft; published, returned and families’ drafts are refused with 409 (administrators only)',
    body: adminBlogUpdateSchema,
    response: adminBlogDetailSchema,
    returns: 'The saved post',
    errors: [409],
  }),
};
