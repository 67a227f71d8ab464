import { idParamsSchema as params } from '~/platform/http/common.schema';
import { binaryContent, contract } from '~/platform/http/contract';
import {
  billingSchema,
  cancelInputSchema,
  pauseInputSchema,
  portalSchema,
  refundInputSchema,
  sandboxCardInputSchema,
  sandboxClockInputSchema,
} from './billing.schema';
import { PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS, REFUND_WINDOW_DAYS } from './billingTerms';

const CHANGED = 'The family’s billing as it now is';
const OWN = '404 for a program of another family (or none).';
const PROVIDER = '503 when the payment provider cannot be reached: nothing changed.';

/** The family's billing section: its renewing programs, payments, refunds, pauses; the sandbox's clock. */
export const billingApi = {
  billing: contract('getBilling', 'GET /billing', {
    summary: 'The family’s renewing programs, every payment, and the refunds still open',
    access: 'account',
    status: 200,
    response: billingSchema,
    returns: 'The billing section’s data',
  }),
  cancel: contract('cancelMembership', 'POST /billing/memberships/{id}/cancel', {
    summary:
      'Cancels a renewing program: at the end of the period paid, or now with a refund of the unused part',
    description: `\`refund: false\`: no further charge, the plans run to the period’s end (an unpaid renewal’s program ends now). \`refund: true\`: within ${REFUND_WINDOW_DAYS} days of the latest payment, ends now and refunds the unused part of its period (400 naming \`refund\` after that). 409 when it is cancelled or ended already (two requests at once make one cancellation). ${OWN} ${PROVIDER}`,
    access: 'account',
    params,
    body: cancelInputSchema,
    status: 200,
    response: billingSchema,
    returns: CHANGED,
    errors: [404, 409, 503],
  }),
  keep: contract('keepMembership', 'POST /billing/memberships/{id}/keep', {
    summary: 'Takes back a cancellation at the period’s end: the program renews as before',
    description: `409 when it is not cancelled. ${OWN} ${PROVIDER}`,
    access: 'account',
    params,
    status: 200,
    response: billingSchema,
    returns: CHANGED,
    errors: [404, 409, 503],
  }),
  pause: contract('pauseMembership', 'POST /billing/memberships/{id}/pause', {
    summary: `Pauses a running program for ${PAUSE_MIN_WEEKS} to ${PAUSE_MAX_WEEKS} weeks: no plans, no charge, the renewal moved later`,
    description: `It resumes by itself. 400 naming \`weeks\` outside ${PAUSE_MIN_WEEKS}–${PAUSE_MAX_WEEKS}; 409 when it is paused, cancelled, unpaid or ended. ${OWN} ${PROVIDER}`,
    access: 'account',
    params,
    body: pauseInputSchema,
    status: 200,
    response: billingSchema,
    returns: CHANGED,
    errors: [404, 409, 503],
  }),
  payNow: contract('payMembershipNow', 'POST /billing/memberships/{id}/pay', {
    summary: 'Tries an unpaid renewal again now, with the card on file',
    description: `The outcome arrives as the provider’s event; read the billing again. 409 when nothing is unpaid. ${OWN} ${PROVIDER}`,
    access: 'account',
    params,
    status: 200,
    response: billingSchema,
    returns: CHANGED,
    errors: [404, 409, 503],
  }),
  refundProgram: contract('refundProgram', 'POST /billing/orders/{id}/refund', {
    summary: `Refunds the unused part of a program paid once, within ${REFUND_WINDOW_DAYS} days of its payment, and ends it`,
    description: `400 naming \`refund\` after ${REFUND_WINDOW_DAYS} days or when nothing is left to refund; 409 for a renewing program’s payment (cancel the program instead) or a refund under way. 404 for another family’s order. ${PROVIDER}`,
    access: 'account',
    params,
    body: refundInputSchema,
    status: 200,
    response: billingSchema,
    returns: CHANGED,
    errors: [404, 409, 503],
  }),
  portal: contract('openBillingPortal', 'POST /billing/portal', {
    summary: 'A session of Stripe’s Customer Portal for the family (cards, invoices)',
    description: `The answer’s address leads to Stripe and back to the profile’s settings. 409 when the family has no customer at Stripe yet, or payments run in the sandbox. ${PROVIDER}`,
    access: 'account',
    status: 200,
    response: portalSchema,
    returns: 'Where to send the family',
    errors: [409, 503],
  }),
  receiptPdf: contract('getReceiptPdf', 'GET /orders/{id}/receipt.pdf', {
    summary: 'The receipt of one of the family’s payments, as a PDF file',
    description:
      'A payment made (paid, or paid and refunded): the same facts as the receipt page. 404 for another family’s order, or one never paid.',
    access: 'account',
    params,
    status: 200,
    returns: 'The PDF',
    responses: { 200: { description: 'The PDF', content: binaryContent(['application/pdf']) } },
  }),
  sandboxClock: contract('advanceSandboxClock', 'POST /billing/sandbox/clock', {
    summary: 'Moves the family’s sandbox clock forward (sandbox only): renewals, retries and ends happen',
    description:
      'Like Stripe’s test clocks, for the family’s own subscriptions only. Not mounted with Stripe (404). The events are delivered through the webhook before the answer.',
    access: 'account',
    body: sandboxClockInputSchema,
    status: 200,
    response: billingSchema,
    returns: CHANGED,
  }),
  sandboxCard: contract('setSandboxCard', 'POST /billing/sandbox/card', {
    summary: 'Makes the family’s sandbox test card decline or work (sandbox only)',
    description: 'Not mounted with Stripe (404).',
    access: 'account',
    body: sandboxCardInputSchema,
    status: 200,
    response: billingSchema,
    returns: CHANGED,
  }),
};
