/** Business constants and limits of spec §9. */
export const LIMITS = {
  uploadFileLimit: 100,
  uploadLimitToCenter: 5,
  fileNameLength: 200,
  byteScale: 1024,
  checkoutCacheRefresh: 1440,
  metaPropertiesLimit: 5,
  onlineLimit: 1000,
  customFieldsLimit: 10,
  otherIdCardDocumentsLimit: 7,
  receiverFilesScrollAt: 15,
  shippingListDefaultMaxRangeMonths: 60,
  shippingListExcelExportLimit: 100_000,
} as const;

export const TWO_FACTOR_COOL_DOWN_HOURS = { min: 1, default: 4, max: 48 } as const;

export const FEEDBACK_LIMITS = { name: 200, email: 200, subject: 200, message: 500 } as const;

export const LANGUAGES = ['es-es', 'en-en', 'pt-pt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LOCALE_BY_LANGUAGE: Record<Language, string> = {
  'es-es': 'es-ES',
  'en-en': 'en-GB',
  'pt-pt': 'pt-PT',
};
export const DEFAULT_LANGUAGE: Language = 'es-es';

export const SESSION = {
  timePreference: 'FRONTEND_SESSION_TIME_MINUTES',
  defaultMinutes: 5,
  /** Refresh once the time left falls below this fraction of the session time. */
  refreshThresholdFraction: 0.5,
  expiryCheckMs: 30_000,
  warningBeforeMs: 60_000,
} as const;

export const VERSION_CHECK = { refreshPreference: 'REFRESH_TIME', defaultMinutes: 1 } as const;

export const PICKER_SEARCH_DEBOUNCE_MS = 500;
export const PAGER = { visiblePages: 10, before: 6, after: 4 } as const;

export const COOKIES = {
  toast: { name: 'cookies_accepted', days: 30 },
  language: { name: 'lang', expires: '2099-12-31T23:59:59Z' },
  xsrf: 'XSRF-TOKEN',
} as const;

export const HEADERS = {
  authToken: 'auth-token',
  authTokenExpires: 'auth-token-expires',
  xsrf: 'X-XSRF-TOKEN',
  /** A caller's name for one intended request: the same key and body within 24 h answer the first answer. */
  idempotencyKey: 'Idempotency-Key',
  /** Set on an answer replayed for an Idempotency-Key already seen. */
  idempotentReplayed: 'Idempotent-Replayed',
  /** The IANA zone the caller's screen shows times in; files the server writes (exports) use it. */
  timeZone: 'Time-Zone',
} as const;

export const ALERT_TIMING = { durationMs: 4000, fadeMs: 500 } as const;

export const LOCAL_STORAGE_PREFIX = 'frontendweb_';

/** Preference names the console reads (spec §7). */
export const PREFERENCES = {
  sessionTime: 'FRONTEND_SESSION_TIME_MINUTES',
  consoleUrl: 'FRONTEND_URL',
  eDeliveryServices: 'EDELIVERY_SERVICES',
  refreshTime: 'REFRESH_TIME',
  fileUploadMaxSize: 'FILE_UPLOAD_MAX_SIZE',
  smsMaxCharacters: 'SMS_MAX_CHARACTERS',
  numDownload: 'NUM_DOWNLOAD',
} as const;
