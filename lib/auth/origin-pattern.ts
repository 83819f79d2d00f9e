/**
 * The match pattern of a service address's origin, as host permissions name it. Match patterns
 * have no port, so every port of the host is covered.
 */
export function originPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}
