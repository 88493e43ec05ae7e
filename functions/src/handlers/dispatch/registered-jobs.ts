/**
 * Every job type of the platform, registered in one place so the dispatch Lambda loads them all.
 */
import { INVOICE_JOB, runInvoiceJob } from '../../domain/billing/invoice-job';
import { CAMPAIGN_PACE_JOB, CAMPAIGN_PLAN_JOB, CAMPAIGN_START_JOB } from '../../domain/campaign-sending/jobs';
import { CAMPAIGN_ANSWERS_JOB, runHeldAnswers } from '../../domain/campaign-sending/held-answers';
import { runCampaignStart } from '../../domain/campaign-sending/lifecycle';
import { runPacerStep } from '../../domain/campaign-sending/pacer-step';
import { runPlanStep } from '../../domain/campaign-sending/planning';
import { onCampaignStatusChanged } from '../../domain/campaign-sending/status-events';
import { toCampaignDto } from '../../domain/campaigns/campaign-dto';
import { publishCampaignSaved } from '../../domain/campaigns/campaign-events';
import { AUTO_CLOSE_JOB, AUTO_TRANSFER_JOB, runAutoClose, runAutoTransfer } from '../../domain/bots/ticket-timers';
import { COMPANY_PURGE_JOB, runCompanyPurge } from '../../domain/company-admin/delete-company';
import { CONTACT_LIST_PURGE_JOB, runContactListPurge } from '../../domain/contact-lists/purge-list-items';
import { CHAT_PURGE_JOB, runChatPurge } from '../../domain/chats/purge-chat-messages';
import { SCHEDULE_SEND_JOB } from '../../domain/schedules/schedule-job';
import { runScheduledSend } from '../../domain/schedules/send-scheduled-message';
import { registerJob } from '../../domain/scheduler/job-registry';
import { QUEUE_RELEASE_JOB, runQueueRelease } from '../../domain/tickets/release-queue';
import { runTicketSweep, TICKET_SWEEP_JOB } from '../../domain/tickets/sweep-deleted-ticket';

registerJob(AUTO_TRANSFER_JOB, runAutoTransfer);
registerJob(AUTO_CLOSE_JOB, runAutoClose);
registerJob(SCHEDULE_SEND_JOB, runScheduledSend);
registerJob(QUEUE_RELEASE_JOB, runQueueRelease);
registerJob(TICKET_SWEEP_JOB, async (job) => {
  await runTicketSweep(job);
});
registerJob(INVOICE_JOB, async (job) => {
  await runInvoiceJob(job);
});
registerJob(COMPANY_PURGE_JOB, async (job) => {
  await runCompanyPurge(job);
});
registerJob(CONTACT_LIST_PURGE_JOB, runContactListPurge);
registerJob(CHAT_PURGE_JOB, (job) => runChatPurge(job));
registerJob(CAMPAIGN_START_JOB, runCampaignStart);
registerJob(CAMPAIGN_PLAN_JOB, async (job) => {
  await runPlanStep(job);
});
registerJob(CAMPAIGN_PACE_JOB, async (job) => {
  await runPacerStep(job);
});
registerJob(CAMPAIGN_ANSWERS_JOB, runHeldAnswers);
// The engine's own status moves (EM_ANDAMENTO at the scheduled time, FINALIZADA) reach the consoles.
onCampaignStatusChanged(async (campaign) =>
  publishCampaignSaved(campaign.companyId, 'update', await toCampaignDto(campaign)),
);
