import {
  identityProvidersApi,
  type TDomainLinkRequest,
  type TIdentityProviderInput,
  type TIdentityProviderUpdate,
} from '@sello/contracts/catalogue/administration-identity-providers';
import { samlCertificatesApi } from '@sello/contracts/catalogue/administration-saml-certificates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../api/http-client.ts';

const KEY = ['administration', 'identityProviders'] as const;

/** Every live provider of the domain (a domain has a handful: one page of 100). */
export function useIdentityProviders(domainid: number | undefined) {
  return useQuery({
    queryKey: [...KEY, 'list', domainid ?? null],
    queryFn: () => callEndpoint(identityProvidersApi.read, { query: { domainid, first: 0, pageSize: 100 } }),
  });
}

/** The domain's SAML certificates a SAML provider may be given. */
export function useSamlCertificateChoices(domainid: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'certificates', domainid ?? null],
    queryFn: () => callEndpoint(samlCertificatesApi.read, { query: { domainid, first: 0, pageSize: 100 } }),
    enabled,
  });
}

export function useSaveIdentityProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      domainid,
      input,
    }: {
      id?: number;
      domainid?: number;
      input: TIdentityProviderInput | TIdentityProviderUpdate;
    }) =>
      id === undefined
        ? callEndpoint(identityProvidersApi.new, { query: { domainid }, body: input as TIdentityProviderInput })
        : callEndpoint(identityProvidersApi.update, { body: { ...(input as TIdentityProviderUpdate), id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteIdentityProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(identityProvidersApi.delete, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** A super admin verifies (or revokes) an e-mail domain claim directly. */
export function useSetDomainVerified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, verified }: { claimId: number; verified: boolean }) =>
      callEndpoint(verified ? identityProvidersApi.verifyDomain : identityProvidersApi.revokeDomain, {
        params: { id: claimId },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Mails the single-use verification link of a claim to an administrator mailbox of its domain. */
export function useMailDomainLink() {
  return useMutation({
    mutationFn: (body: TDomainLinkRequest) => callEndpoint(identityProvidersApi.mailDomainLink, { body }),
  });
}
