import { adminPageSchema } from '~/platform/admin/list.schema';
import { idParamsSchema } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import { enrolmentDetailSchema, enrolmentQuerySchema, enrolmentRowSchema } from './adminEnrolments.schema';
import { BEHIND_RULE } from './progress';

/** The team's view of the enrolled children and their weekly plans: read-only. */
export const adminEnrolmentsApi = {
  list: contract('adminListEnrolments', 'GET /admin/enrolments', {
    summary:
      'Enrolled children: each child’s program, week and reading against the plan, filtered, sorted and paged (administrators only)',
    description: `One row per enrolment (a child's program); by default the programs running now. Behind on the plan: ${BEHIND_RULE} Search by the child's name or the parent's name or email.`,
    access: 'admin',
    query: enrolmentQuerySchema,
    status: 200,
    response: adminPageSchema(enrolmentRowSchema, 'AdminEnrolmentPage'),
    returns: 'A page of enrolments',
  }),
  detail: contract('adminGetEnrolment', 'GET /admin/enrolments/{id}', {
    summary:
      'One child’s programs and progress: interests, level and placement, every weekly plan with its reading (administrators only)',
    description:
      'The path names the child. Every program the child was ever enrolled in, the latest first, each with its weekly plans (week, dates, goal, minutes and sessions read, books with their done state, the read-aloud passage) and the weeks missed. A child with no program answers an empty list; an unknown child 404.',
    access: 'admin',
    params: idParamsSchema,
    status: 200,
    response: enrolmentDetailSchema,
    returns: 'The child and their programs',
  }),
};
