/**
 * Every job type of the platform and its handler: the dispatch Lambda's composition root hands this
 * table to the runner (index.ts). A job type scheduled anywhere must be here
 * (functions/test/composition-roots.test.ts checks it).
 */
import { INVOICE_JOB, runInvoiceJob } from '../../domain/billing/invoice-job';
import { CAMPAIGN_PACE_JOB, CAMPAIGN_PLAN_JOB, CAMPAIGN_START_JOB } from '../../domain/campaign-sending/jobs';
import { CAMPAIGN_ANSWERS_JOB, runHeldAnswers } from '../../domain/campaign-sending/held-answers';
import { runCampaignStart } from '../../domain/campaign-sending/lifecycle';
import { runPacerStep } from '../../domain/campaign-sending/pacer-step';
import { runPlanStep } from '../../domain/campaign-sending/planning';
import { runTaggedBackfill, TAGGED_BACKFILL_JOB } from '../../domain/campaign-sending/tagged-backfill';
import type { CampaignStatusListener } from '../../domain/campaign-sending/status-events';
import { toCampaignDto } from '../../domain/campaigns/campaign-dto';
import { publishCampaignSaved } from '../../domain/campaigns/campaign-events';
import { AUTO_CLOSE_JOB, AUTO_TRANSFER_JOB, runAutoClose, runAutoTransfer } from '../../domain/bots/ticket-timers';
import { COMPANY_PURGE_JOB, runCompanyPurge } from '../../domain/company-admin/delete-company';
import { CONTACT_LIST_PURGE_JOB, runContactListPurge } from '../../domain/contact-lists/purge-list-items';
import { CHAT_PURGE_JOB, runChatPurge } from '../../domain/chats/purge-chat-messages';
import { SCHEDULE_SEND_JOB } from '../../domain/schedules/schedule-job';
import { runScheduledSend } from '../../domain/schedules/send-scheduled-message';
import type { JobTable } from '../../domain/scheduler/job-table';
import { QUEUE_RELEASE_JOB, runQueueRelease } from '../../domain/tickets/release-queue';
import { runTicketSweep, TICKET_SWEEP_JOB } from '../../domain/tickets/sweep-deleted-ticket';

/** The engine's own status moves (EM_ANDAMENTO at the scheduled time, FINALIZADA) reach the consoles. */
export const publishCampaignStatus: CampaignStatusListener = async (campaign) =>
  publishCampaignSaved(campaign.companyId, 'update', await toCampaignDto(campaign));

/** The table; `campaignStatus` hears the campaign engine's own status moves (tests and benches pass their own). */
export const platformJobs = (campaignStatus: CampaignStatusListener = publishCampaignStatus): JobTable => ({
  [AUTO_TRANSFER_JOB]: runAutoTransfer,
  [AUTO_CLOSE_JOB]: runAutoClose,
  [SCHEDULE_SEND_JOB]: runScheduledSend,
  [QUEUE_RELEASE_JOB]: runQueueRelease,
  [TICKET_SWEEP_JOB]: async (job) => {
    await runTicketSweep(job);
  },
  [INVOICE_JOB]: async (job) => {
    await runInvoiceJob(job);
  },
  [COMPANY_PURGE_JOB]: async (job) => {
    await runCompanyPurge(job);
  },
  [CONTACT_LIST_PURGE_JOB]: runContactListPurge,
  [CHAT_PURGE_JOB]: (job) => runChatPurge(job),
  [CAMPAIGN_START_JOB]: (job) => runCampaignStart(job, campaignStatus),
  [CAMPAIGN_PLAN_JOB]: async (job) => {
    await runPlanStep(job);
  },
  [CAMPAIGN_PACE_JOB]: (job) => runPacerStep(job, campaignStatus),
  [CAMPAIGN_ANSWERS_JOB]: runHeldAnswers,
  [TAGGED_BACKFILL_JOB]: async (job) => {
    await runTaggedBackfill(job);
  },
});
