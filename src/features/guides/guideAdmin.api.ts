import { idParamsSchema } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import {
  adminGuideSchema,
  adminGuidesSchema,
  assignmentResultSchema,
  assignmentSchema,
  guideChangeSchema,
} from './guides.schema';

/** The team's side of reading guides: their load, their capacity, and who follows which child. */
export const guideAdminApi = {
  list: contract('adminListGuides', 'GET /admin/guides', {
    summary:
      'Reading guides with their load and capacity, and how many enrolled children no guide follows (administrators only)',
    access: 'admin',
    status: 200,
    response: adminGuidesSchema,
    returns: 'The guides, by name',
  }),
  change: contract('adminChangeGuide', 'PATCH /admin/guides/{id}', {
    summary: 'Changes a guide’s capacity (1 to 60; never below the children they follow now: 409)',
    access: 'admin',
    params: idParamsSchema,
    body: guideChangeSchema,
    status: 200,
    response: adminGuideSchema,
    returns: 'The guide',
    errors: [409],
  }),
  assign: contract('adminAssignGuide', 'PUT /admin/enrolments/{id}/guide', {
    summary: 'Gives a child (the path names the child) a reading guide, another one, or none (null)',
    description:
      'Only a child who has been in a program. A guide at capacity is 409 naming `guideId`; an account that is not an enabled guide is 400. Unassigning keeps the guide’s notes and scores with the family. The family is told who the new guide is.',
    access: 'admin',
    params: idParamsSchema,
    body: assignmentSchema,
    status: 200,
    response: assignmentResultSchema,
    returns: 'The child’s guide now',
    errors: [409],
  }),
};
