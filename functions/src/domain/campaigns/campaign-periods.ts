/**
 * The periods a company's campaign allowance is counted in (limitOfCampaignBy, spec part 2 §3): the
 * company's own day, ISO week (Monday to Sunday), month and year in its time zone, plus `ALL` for
 * doNotLimit. Pure: the key of the period an instant falls in, and when its counter may expire.
 */
import type { CampaignLimit } from '@atende/shared';
import type { CampaignPeriodCounter } from '../../data/campaign-counts';

const DAY_S = 24 * 60 * 60;
/** A counter outlives its period by this much at least (a clock skew or a late creation never resets it). */
const KEPT_AFTER_S = 2 * DAY_S;
const PERIOD_S: Record<Exclude<CampaignLimit, 'doNotLimit'>, number> = {
  day: DAY_S,
  week: 7 * DAY_S,
  month: 31 * DAY_S,
  year: 366 * DAY_S,
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function localDate(at: Date, timeZone: string): { year: number; month: number; day: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** ISO 8601 week of a calendar date: the week's year (may differ from the date's near New Year) and number. */
export function isoWeek(year: number, month: number, day: number): { year: number; week: number } {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / (DAY_S * 1000) + 1) / 7);
  return { year: weekYear, week };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The counter key of the period `at` falls in, in the company's zone (`ALL` when not limited). */
export function campaignPeriodKey(limit: CampaignLimit, at: Date, timeZone: string): string {
  if (limit === 'doNotLimit') return 'ALL';
  const d = localDate(at, timeZone);
  switch (limit) {
    case 'day':
      return `D#${d.year}-${two(d.month)}-${two(d.day)}`;
    case 'week': {
      const w = isoWeek(d.year, d.month, d.day);
      return `W#${w.year}-W${two(w.week)}`;
    }
    case 'month':
      return `M#${d.year}-${two(d.month)}`;
    case 'year':
      return `Y#${d.year}`;
  }
}

/** Every counter a creation at `at` moves: each period's (so a later change of limitOfCampaignBy counts right away) and ALL. */
export function campaignCounters(at: Date, timeZone: string): CampaignPeriodCounter[] {
  const nowS = Math.floor(at.getTime() / 1000);
  return [
    ...(Object.keys(PERIOD_S) as (keyof typeof PERIOD_S)[]).map((limit) => ({
      key: campaignPeriodKey(limit, at, timeZone),
      expiresAt: nowS + PERIOD_S[limit] + KEPT_AFTER_S,
    })),
    { key: campaignPeriodKey('doNotLimit', at, timeZone) },
  ];
}
