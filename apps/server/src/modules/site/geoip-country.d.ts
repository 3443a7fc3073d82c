/** geoip-country ships no types; this is the part the site uses. */
declare module 'geoip-country' {
  interface GeoCountry {
    /** ISO 3166-1 alpha-2 */
    country: string;
    name: string;
  }
  const geoip: { lookup(ip: string | number): GeoCountry | null };
  export default geoip;
}
