import { idParamsSchema as params } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import {
  adminInquiryPageSchema,
  adminInquiryQuerySchema,
  adminInquiryReplyInputSchema,
  adminInquirySchema,
  adminInquiryUpdateSchema,
} from './admin.schema';
import { INQUIRIES_PER_TEN_MINUTES, inquiryInputSchema, inquiryReceiptSchema } from './inquiries.schema';

/** The contact form's messages: sent by anyone, read and followed up in the admin console. */
export const inquiriesApi = {
  create: contract('createInquiry', 'POST /inquiries', {
    summary: 'Sends a message to the Quill Reads team (public)',
    description: `Stored as an inquiry for the administrators. At most ${INQUIRIES_PER_TEN_MINUTES} per address in ten minutes.`,
    access: 'public',
    body: inquiryInputSchema,
    status: 201,
    response: inquiryReceiptSchema,
    returns: 'Received',
    errors: [429],
  }),
  adminList: contract('adminListInquiries', 'GET /admin/inquiries', {
    summary: 'Messages from the contact form, newest first, by status (administrators only)',
    access: 'admin',
    query: adminInquiryQuerySchema,
    status: 200,
    response: adminInquiryPageSchema,
    returns: 'A page of inquiries',
  }),
  adminGet: contract('adminGetInquiry', 'GET /admin/inquiries/{id}', {
    summary: 'One inquiry with its internal note (administrators only); reading it changes nothing',
    access: 'admin',
    params,
    status: 200,
    response: adminInquirySchema,
    returns: 'The inquiry',
  }),
  adminReply: contract('adminReplyToInquiry', 'POST /admin/inquiries/{id}/replies', {
    summary: 'Replies to an inquiry by email, from the console (administrators only)',
    description:
      'The reply is kept with the inquiry and sent to the address the message came from (the outbox sends it within seconds, retrying if the mail server refuses). The inquiry becomes answered. Recorded in the audit log.',
    access: 'admin',
    params,
    body: adminInquiryReplyInputSchema,
    status: 201,
    response: adminInquirySchema,
    returns: 'The inquiry, with the reply',
  }),
  adminUpdate: contract('adminUpdateInquiry', 'PATCH /admin/inquiries/{id}', {
    summary: 'Changes the status and/or the internal note of an inquiry (administrators only)',
    access: 'admin',
    params,
    body: adminInquiryUpdateSchema,
    status: 200,
    response: adminInquirySchema,
    returns: 'The inquiry, changed',
  }),
};
