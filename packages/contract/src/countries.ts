// Without zod: the portal's warehousing and settings pages list the countries without building the
// practice schemas (issue 35).

/** Countries the provider serves (ISO 3166-1 alpha-2). */
export const COUNTRIES = [
  { code: 'ZA', name: 'South Africa' },
  { code: 'BW', name: 'Botswana' },
  { code: 'LS', name: 'Lesotho' },
  { code: 'NA', name: 'Namibia' },
  { code: 'SZ', name: 'Eswatini' },
] as const;
export type CountryCode = (typeof COUNTRIES)[number]['code'];
