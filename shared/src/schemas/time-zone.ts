/**
 * Its own module: business hours validate a time zone too, and importing it from companies.ts put the
 * company schemas, the tax-id validator and its library into every bundle with queue schedules.
 */
import * as z from '../zod';
import { SAAS_MSG } from './saas-messages';

/** IANA time-zone name, checked against the runtime's own list (Intl). */
export const timeZoneSchema = z.string().check(
  z.maxLength(64),
  z.refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, SAAS_MSG.invalidValue),
);
