import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; request and company ids are appended per invocation by the http wrapper. */
export const logger = new Logger({
  serviceName: process.env.SERVICE_NAME ?? 'atende',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
