import { contract } from '~/platform/http/contract';
import { recordContracts } from '~/platform/http/recordContracts';
import {
  adminInquiryPageSchema,
  adminInquiryQuerySchema,
  adminInquirySchema,
  adminInquiryUpdateSchema,
} from './admin.schema';
import { INQUIRIES_PER_TEN_MINUTES, inquiryInputSchema, inquiryReceiptSchema } from './inquiries.schema';

const adminInquiries = recordContracts('/admin/inquiries', 'admin');

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
  adminList: adminInquiries.list('adminListInquiries', {
    summary: 'Messages from the contact form, newest first, by status (administrators only)',
    query: adminInquiryQuerySchema,
    response: adminInquiryPageSchema,
    returns: 'A page of inquiries',
  }),
  adminGet: adminInquiries.get('adminGetInquiry', {
    summary: 'One inquiry with its internal note (administrators only); reading it changes nothing',
    response: adminInquirySchema,
    returns: 'The inquiry',
  }),
  adminUpdate: adminInquiries.update('adminUpdateInquiry', {
    summary: 'Changes the status and/or the internal note of an inquiry (administrators only)',
    body: adminInquiryUpdateSchema,
    response: adminInquirySchema,
    returns: 'The inquiry, changed',
  }),
};
