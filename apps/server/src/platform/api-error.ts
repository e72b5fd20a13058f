import type { ErrorKey, TApiError } from '@sello/contracts/error-keys';

/** An error the caller should see: an HTTP status and a key from the error catalogue. */
export class ApiError extends Error {
  readonly status: number;
  readonly key: ErrorKey;
  readonly fields?: Record<string, ErrorKey>;
  readonly params?: Record<string, string | number>;
  readonly fieldParams?: Record<string, Record<string, string | number>>;

  constructor(
    status: number,
    key: ErrorKey,
    fields?: Record<string, ErrorKey>,
    params?: Record<string, string | number>,
    fieldParams?: Record<string, Record<string, string | number>>,
  ) {
    super(key);
    this.status = status;
    this.key = key;
    this.fields = fields;
    this.params = params;
    this.fieldParams = fieldParams;
  }

  toBody(): TApiError {
    return {
      key: this.key,
      ...(this.fields && { fields: this.fields }),
      ...(this.params && { params: this.params }),
      ...(this.fieldParams && { fieldParams: this.fieldParams }),
    };
  }
}

export const notFound = () => new ApiError(404, 'ERR_NOT_FOUND');
export const forbidden = () => new ApiError(403, 'ERR_FORBIDDEN');
export const fieldError = (field: string, key: ErrorKey, params?: Record<string, string | number>) =>
  new ApiError(400, 'ERR_VALIDATION', { [field]: key }, params, params && { [field]: params });
