import type { CampaignReportDto } from '@atende/shared';

/** The report's "delivered of valid" as a whole percentage (0 when there is nothing to send yet). */
export function reportProgressPercent(report: Pick<CampaignReportDto, 'delivered' | 'validContacts'>): number {
  if (report.validContacts <= 0) return 0;
  return Math.min(100, Math.round((report.delivered / report.validContacts) * 100));
}
