/** Business constants from the spec (part 1 §9, part 2 §9). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const REFRESH_COOKIE_NAME = 'jrt';
export const LOGIN_RATE_LIMIT = { maxFailures: 5, windowSeconds: 5 * 60 } as const;
export const DUE_DATE_GRACE_DAYS = 1;
export const SUBSCRIPTION_WARNING_DAYS = { min: 1, max: 4 } as const;
export const MS_PER_DAY = 86_400_000;
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3;
export const TOAST_MS = { default: 5000, warning: 7000, container: 3000 } as const;
export const PAGE_SIZE = 20;
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
export const MOBILE_BREAKPOINT_PX = 600;
export const DRAWER_WIDTH_PX = 240;
export const API_TOKEN_LENGTH = 64;
export const DEFAULT_CONNECTION_PROVIDER = 'beta';

export const PROFILES = ['admin', 'user', 'supervisor'] as const;
export type Profile = (typeof PROFILES)[number];
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The session host's periodic log line; CloudWatch turns its `connected` field into a metric. */
export const SESSION_HOST_HEARTBEAT_MESSAGE = 'session host heartbeat';
/** A company's time zone when none was chosen (business hours, reports). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';
