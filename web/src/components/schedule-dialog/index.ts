export { ScheduleDialog, type ScheduleDialogProps } from './schedule-dialog';
export { SCHEDULE_PREVIEW_CHARS, SCHEDULE_STATUS_PALETTE, schedulePreview } from './schedule-list';
export { SCHEDULES_NS } from './i18n';
