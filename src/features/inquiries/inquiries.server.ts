import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { inquiries } from '~/platform/db/schema.server';
import { DomainError } from '~/platform/errors';
import type { RateLimiter } from '~/platform/http/rateLimit.server';
import type { InquiryInput } from './inquiries.schema';

/** What the sender is told their message became. */
export interface SentInquiry {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
}

/**
 * A message through the contact form: a few from one address in ten minutes, then 429. A filled
 * honeypot is a robot: it is answered as if all went well, and nothing is kept.
 */
export async function receiveInquiry(
  deps: { db: Db; rateLimiter: RateLimiter; logger: Pick<Logger, 'info'> },
  from: { address: string; perTenMinutes: number },
  { website, ...input }: InquiryInput,
): Promise<SentInquiry> {
  const limit = await deps.rateLimiter.hit(`inquiry:${from.address}`, from.perTenMinutes, 10 * 60_000);
  if (!limit.allowed) {
    throw new DomainError(
      'rate_limited',
      'You have sent several messages already. Please wait a few minutes.',
      undefined,
      { 'Retry-After': String(limit.retryAfterS) },
    );
  }
  if (website && website.trim() !== '') {
    deps.logger.info({ route: '/inquiries' }, 'honeypot filled; message dropped');
    return { id: randomUUID(), ...input, createdAt: new Date().toISOString() };
  }
  const row = onlyRow(await deps.db.insert(inquiries).values(input).returning());
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
