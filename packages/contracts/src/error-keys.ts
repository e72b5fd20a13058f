/**
 * Error and message keys. The spec names a few (§8); the rest follow its style and are ours.
 * Every key has a translation in the console's three languages (a test checks it).
 */
export const ERROR_KEYS = [
  // spec §8
  'ERR_PWD_RECOVER_TOKEN',
  'ERR_TKN_INVALID',
  'ERR_PIN_INVALID',
  'ERR_SYSTEM_NOT_AVAILABLE',
  // ours: a stored file (document, certificate, export, import) the file store cannot give back now
  'ERR_FILE_UNAVAILABLE',
  'ERROR_GET_VERSION',
  'KO_UPDATE_ACCOUNT',
  'ERR_MAX_FILE_SIZE',
  'ERR_FILE_TYPE',
  // ours: certificate uploads (field errors of `content`, `privateKey`, `password`, `name`)
  'ERR_CERT_UNREADABLE',
  'ERR_CERT_PASSWORD',
  'ERR_CERT_NO_KEY',
  'ERR_CERT_KEY_MISMATCH',
  'ERR_CERT_EXPIRED',
  'ERR_CERT_UNEXPECTED_KEY',
  'ERR_CERT_NAME_IN_USE',
  // ours: the public verification page (a file that is no PDF, a PDF with no signature, a code nobody issued)
  'ERR_CERTIFICATE_NOT_PDF',
  'ERR_CERTIFICATE_NOT_SIGNED',
  'ERR_CERTIFICATE_CODE_UNKNOWN',
  // ours
  'ERR_FIELD_REQUIRED',
  'ERR_FIELD_INVALID',
  'ERR_FIELD_TOO_LONG',
  'ERR_EMAIL_INVALID',
  'ERR_VALIDATION',
  'ERR_LOGIN_INVALID',
  'ERR_ACCOUNT_LOCKED',
  // too many wrong passwords for this login from this source: every attempt from there waits (`params.retryAfterSeconds`)
  'ERR_LOGIN_DELAYED',
  'ERR_PWD_EXPIRED',
  'ERR_PWD_CURRENT_INVALID',
  'ERR_PWD_WEAK',
  // password policy (password-policy.ts) and history
  'ERR_PWD_TOO_SHORT',
  'ERR_PWD_TOO_LONG',
  'ERR_PWD_NOT_PRINTABLE',
  'ERR_PWD_COMMON',
  'ERR_PWD_GUESSABLE',
  'ERR_PWD_CONTAINS_LOGIN',
  'ERR_PWD_CONTAINS_EMAIL',
  'ERR_PWD_REUSED',
  'ERR_PWD_MISMATCH',
  'ERR_PWD_NOT_EXPIRED',
  'ERR_TOO_MANY_REQUESTS',
  'ERR_REQUEST_TOO_LONG',
  'ERR_INPUT_TOO_DEEP',
  'ERR_XSRF_INVALID',
  'ERR_FORBIDDEN',
  'ERR_NOT_FOUND',
  'ERR_ROUTE_NOT_FOUND',
  'ERR_NOT_IMPLEMENTED',
  'ERR_CONFLICT',
  'ERR_INTERNAL',
  // settings on screen: a value outside its range, an address that is neither http(s) nor a path of this site
  'ERR_SETTING_OUT_OF_RANGE',
  'ERR_URL_INVALID',
  // administration
  'ERR_ROLE_NOT_ALLOWED',
  'ERR_PERMISSION_NOT_ALLOWED',
  'ERR_COMPANY_NOT_ALLOWED',
  'ERR_SELF_ACTION',
  'ERR_TAX_ID_INVALID',
  'ERR_FILE_EMPTY',
  'ERR_TOO_MANY_ROWS',
  'ERR_TOO_MANY_CELLS',
  'ERR_FILE_TOO_COMPLEX',
  'ERR_DUPLICATE_IN_FILE',
  /** An import's shared or ZIP document is gone or changed when its rows are checked or saved (state ERROR). */
  'ERR_IMPORT_DOCUMENT_MISSING',
  /** A corrected errors file without its line column, or naming a line that is not a failed row of the import. */
  'ERR_IMPORT_LINE_COLUMN_MISSING',
  'ERR_IMPORT_LINE_NOT_FAILED',
  /** The legacy binary Excel format (.xls): saved again as .xlsx, .ods or CSV it is read. */
  'ERR_FILE_TYPE_XLS',
  // shippings
  'ERR_TRANSITION_NOT_ALLOWED',
  'ERR_NOT_AUTHORISER',
  'ERR_DOCUMENT_ID_INVALID',
  'ERR_MOBILE_INVALID',
  'ERR_TOO_MANY_ITEMS',
  'ERR_CHANNEL_NOT_ALLOWED',
  'ERR_RECEIVERS_COUNT',
  'ERR_DATE_RANGE',
  'ERR_DOWNLOAD_NOT_AVAILABLE',
  'ERR_DOWNLOAD_LIMIT',
  'ERR_EXPORTS_IN_COURSE',
  'ERR_EXPORT_FAILED',
  'ERR_NOT_PENDING_AUTH',
  'ERR_NO_SIGNATURES',
  'ERR_NO_VIDEO',
  'ERR_NO_SAML_ACCESS',
  'ERR_HANDOVER_INVALID',
  'ERR_HANDOVER_NOT_CONFIGURED',
  // federated sign-in never reaches above whoever configured it (session 11)
  'ERR_FEDERATED_RANK',
  // SAML sign-in (issue 18)
  'ERR_SAML_INVALID',
  'ERR_SAML_PROVIDER_UNKNOWN',
  'ERR_SAML_CERTIFICATE_INVALID',
  'ERR_SAML_SIGNATURE_INVALID',
  'ERR_SAML_ISSUER_INVALID',
  'ERR_SAML_AUDIENCE_INVALID',
  'ERR_SAML_DESTINATION_INVALID',
  'ERR_SAML_EXPIRED',
  'ERR_SAML_NOT_YET_VALID',
  'ERR_SAML_REPLAYED',
  'ERR_SAML_IN_RESPONSE_TO_INVALID',
  'ERR_SAML_UNSOLICITED',
  // login CSRF and outbound URLs (session 11)
  'ERR_FEDERATED_OTHER_BROWSER',
  'ERR_OUTBOUND_URL_REFUSED',
  'ERR_OUTBOUND_HOST_UNKNOWN',
  'ERR_SAML_USER_UNKNOWN',
  'ERR_SAML_USER_BLOCKED',
  // federated sign-in (issue 18): identity providers and OpenID Connect
  'ERR_IDP_NOT_FOUND',
  'ERR_IDP_EMAIL_DOMAIN_INVALID',
  'ERR_IDP_EMAIL_DOMAIN_VERIFIED_ELSEWHERE',
  'ERR_IDP_DOMAIN_LINK_INVALID',
  'ERR_MAIL_NOT_CONFIGURED',
  'ERR_MAIL_NOT_SENT',
  'ERR_IDP_CERTIFICATE_UNKNOWN',
  'ERR_OIDC_STATE_INVALID',
  'ERR_OIDC_PROVIDER_ERROR',
  'ERR_OIDC_PROVIDER_UNREACHABLE',
  'ERR_OIDC_TOKEN_INVALID',
  'ERR_OIDC_ISSUER_INVALID',
  'ERR_OIDC_AUDIENCE_INVALID',
  'ERR_OIDC_TOKEN_EXPIRED',
  'ERR_OIDC_NONCE_INVALID',
  'ERR_OIDC_EMAIL_UNVERIFIED',
  'ERR_OIDC_EMAIL_DOMAIN',
  'ERR_OIDC_USER_UNKNOWN',
  'ERR_OIDC_USER_BLOCKED',
  'ERR_NO_EVIDENCE',
  'ERR_NOT_SENT',
  'ERR_FILE_NAME_TOO_LONG',
  'ERR_NOT_SENDER',
  'ERR_RESEND_NOT_AVAILABLE',
  'ERR_RESEND_LIMIT',
  // a hand-over at the desk asked for a shipping that is not on screen, or not live
  'ERR_HANDOVER_NOT_AVAILABLE',
  // shipping types and their forms
  'ERR_NOT_OFFERED_BY_SERVICE',
  'ERR_WF_USER_NOT_ALLOWED',
  'ERR_XFORM_DOCTYPE',
  'ERR_XFORM_MALFORMED',
  'ERR_XFORM_TOO_LARGE',
  'ERR_XFORM_TOO_DEEP',
  'ERR_XFORM_NO_CONTROLS',
  'ERR_XFORM_UNSUPPORTED_CONTROL',
  'ERR_XFORM_UNSUPPORTED_EXPRESSION',
  'ERR_XFORM_UNSUPPORTED_PATTERN',
  'ERR_XFORM_NO_OPTIONS',
  'ERR_XFORM_DUPLICATE_NAME',
  'ERR_XFORM_NO_LABEL',
  'ERR_FORM_VALUE_CONSTRAINT',
  'ERR_PLACEHOLDER_UNFILLED',
  // delivery
  'ERR_SIGNATURE_INVALID',
  // postal
  'ERR_NOTHING_TO_BATCH',
  // recipient pages
  'ERR_LINK_INVALID',
  'ERR_ALREADY_ANSWERED',
  'ERR_NOT_YOUR_TURN',
  'ERR_PIN_EXPIRED',
  'ERR_PIN_UNAVAILABLE',
  'ERR_PIN_LIMIT',
  // PKI_CLOUD: the receiver has no document number for the one-time certificate to name
  'ERR_PKI_CLOUD_DOCUMENT_REQUIRED',
  // PKI_CLOUD: a PDF sent to the receiver cannot be read, so it cannot be signed
  'ERR_PKI_CLOUD_DOCUMENT_UNSIGNABLE',
  // PKI: the receiver's own certificate is not valid now, is not the receiver's, or does not read; the shipping
  // names no document number; a PDF cannot be prepared, or none is there; the preparation is gone; a signature
  // does not verify; or the plain accept was called
  'ERR_PKI_CERTIFICATE_EXPIRED',
  'ERR_PKI_CERTIFICATE_NOT_YET_VALID',
  'ERR_PKI_CERTIFICATE_MISMATCH',
  'ERR_PKI_CERTIFICATE_UNREADABLE',
  'ERR_PKI_DOCUMENT_REQUIRED',
  'ERR_PKI_DOCUMENT_UNSIGNABLE',
  'ERR_PKI_NOTHING_TO_SIGN',
  'ERR_PKI_PREPARATION_UNKNOWN',
  'ERR_PKI_SIGNATURE_INVALID',
  'ERR_PKI_SIGNATURE_REQUIRED',
  // the handwritten signature: none drawn, too short to be one, beyond the bounds, or data that do not read
  'ERR_SIGNATURE_EMPTY',
  'ERR_SIGNATURE_TOO_SHORT',
  'ERR_SIGNATURE_TOO_LARGE',
  'ERR_SIGNATURE_UNREADABLE',
  'ERR_SIGNATURE_REQUIRED',
  // second factor (issue 13)
  'ERR_2FA_CODE_INVALID',
  'ERR_2FA_CHALLENGE_ENDED',
  'ERR_2FA_NOT_ENROLLED',
  'ERR_2FA_MAIL_LIMIT',
  // too many wrong codes across challenges: the factor is locked for a while, no challenge opens meanwhile
  'ERR_2FA_LOCKED',
  'ERR_TEMPLATE_VARIABLE_UNKNOWN',
  'ERR_TEMPLATE_LOCKED',
  // the shared patterns of spec §5, each with a sentence saying what is expected (issue 14)
  'ERR_PATTERN_TAX_ID',
  'ERR_PATTERN_VAT',
  'ERR_PATTERN_POSTAL_CODE',
  'ERR_PATTERN_EMAIL_LIST',
  'ERR_PATTERN_USERNAME',
  'ERR_PATTERN_SMS_TEXT',
  // an SMS with characters outside GSM-7 (`params.illegal`) from a company that does not allow UCS-2
  'ERR_SMS_NOT_GSM7',
  'ERR_PATTERN_RESTRICTED_TEXT',
  // the banner of a refused form, naming its fields (`params.fields`)
  'ERR_VALIDATION_FIELDS',
  // drafts kept when a session ends (issue 14)
  'ERR_DRAFT_TOO_LARGE',
  // API keys, idempotent calls and webhooks (issue 33)
  'ERR_API_KEY_INVALID',
  'ERR_METRICS_TOKEN_INVALID',
  'ERR_API_KEY_CALL',
  'ERR_IDEMPOTENCY_KEY_INVALID',
  'ERR_IDEMPOTENCY_KEY_REUSED',
  'ERR_IDEMPOTENCY_KEY_IN_FLIGHT',
  'ERR_WEBHOOK_URL_REFUSED',
  'ERR_WEBHOOK_DISABLED',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];

/** Success / information keys the console shows. */
export const MESSAGE_KEYS = [
  'OK_TOKEN_REFRESH',
  'OK_TOKEN_REFRESH_WITH_MINUTES',
  'SESSION_END_INFO',
  'SEND_FEEDBACK_OK',
  'OK_UPDATE_ACCOUNT',
  'OK_PASSWORD_CHANGED',
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** Body of every error answer of the API (its schema, for the OpenAPI document: `ZApiError` in api-error.ts). */
export type TApiError = {
  key: ErrorKey;
  /** Field-level errors: field path → error key. */
  fields?: Record<string, ErrorKey>;
  /** Values to embed in the translated message. */
  params?: Record<string, string | number>;
  /** Values to embed in one field's message: field path → values (e.g. the characters an SMS cannot carry). */
  fieldParams?: Record<string, Record<string, string | number>>;
};
