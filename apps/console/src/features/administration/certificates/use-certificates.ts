import {
  certificatesApi,
  type TCertificateInput,
  type TCertificateUpdate,
  ZCertificateInput,
  ZCertificateUpdate,
} from '@sello/contracts/catalogue/administration-certificates';
import { callEndpoint } from '../../../api/http-client.ts';
import { type TAdminSaveCalls, useAdminRecord } from '../shared/use-admin-record.ts';

export function useCertificate(id: number | undefined) {
  return useAdminRecord('certificates', id, (selected) =>
    callEndpoint(certificatesApi.detail, { query: { selected } }),
  );
}

/** Creates a certificate or updates one; a new file on update renews it. */
export const CERTIFICATE_SAVE: TAdminSaveCalls<TCertificateInput, TCertificateUpdate> = {
  create: {
    schema: ZCertificateInput,
    call: (input, domainid) => callEndpoint(certificatesApi.new, { query: { domainid }, body: input }),
  },
  update: { schema: ZCertificateUpdate, call: (input) => callEndpoint(certificatesApi.update, { body: input }) },
};
