const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Spec §9: production mode is on unless the console is served from localhost. */
export function isProductionMode(hostname: string = window.location.hostname): boolean {
  return !LOCAL_HOSTS.has(hostname.toLowerCase()) && !hostname.toLowerCase().endsWith('.localhost');
}
