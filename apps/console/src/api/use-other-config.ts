import { configurationApi } from '@sello/contracts/catalogue/configuration';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from './http-client.ts';

/** Help URLs, footer links and shell settings; read once per page load. */
export function useOtherConfig() {
  return useQuery({
    queryKey: ['configuration', 'otherConfig'],
    queryFn: () => callEndpoint(configurationApi.getOtherConfig, {}, { background: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
