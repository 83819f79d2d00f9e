import { z } from 'zod/mini';
import { CANONICAL_DAY_RULE, isCanonicalDay } from '../canonical-day';

export { CANONICAL_DAY_RULE, isCanonicalDay };

export const canonicalDaySchema = z.string().check(z.refine(isCanonicalDay, { error: CANONICAL_DAY_RULE }));

export const ISO_DATE_TIME_RULE = 'must be an ISO 8601 date-time';
export const isoDateTimeSchema = z.iso.datetime({ offset: true, error: ISO_DATE_TIME_RULE });
