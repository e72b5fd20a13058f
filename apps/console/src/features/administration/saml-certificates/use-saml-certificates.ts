import {
  samlCertificatesApi,
  type TSamlCertificateInput,
  type TSamlCertificateUpdate,
  ZSamlCertificateInput,
  ZSamlCertificateUpdate,
} from '@sello/contracts/catalogue/administration-saml-certificates';
import { callEndpoint } from '../../../api/http-client.ts';
import { type TAdminSaveCalls, useAdminRecord } from '../shared/use-admin-record.ts';

export function useSamlCertificate(id: number | undefined) {
  return useAdminRecord('samlcertificates', id, (selected) =>
    callEndpoint(samlCertificatesApi.detail, { query: { selected } }),
  );
}

/** Creates an identity provider's certificate or updates one; new content on update renews it. */
export const SAML_CERTIFICATE_SAVE: TAdminSaveCalls<TSamlCertificateInput, TSamlCertificateUpdate> = {
  create: {
    schema: ZSamlCertificateInput,
    call: (input, domainid) => callEndpoint(samlCertificatesApi.new, { query: { domainid }, body: input }),
  },
  update: {
    schema: ZSamlCertificateUpdate,
    call: (input) => callEndpoint(samlCertificatesApi.update, { body: input }),
  },
};
