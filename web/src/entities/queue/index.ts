export { queueOptionsQuery, useQueueOptions, type QueueOption } from './api/queue-options';
export { QueueMultiSelect, QueueSingleSelect } from './components/queue-select';
