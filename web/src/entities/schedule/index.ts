export { useDeleteSchedule, useSchedulesList } from './api/schedules-api';
export { ScheduleDialog, type ScheduleDialogProps } from './components/schedule-dialog';
export { SCHEDULE_PREVIEW_CHARS, SCHEDULE_STATUS_PALETTE, schedulePreview } from './components/schedule-list';
export { SCHEDULES_NS } from './i18n';
